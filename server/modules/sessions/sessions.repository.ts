import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

export interface NewSession {
  id: string;
  userId: string;
  now: number;
  ip: string;
  countryCode: string | null;
  deviceDescription: string;
  shortLived: boolean;
  expiresAt: number;
}

/** A session row joined with what every authenticated request needs to know about its user. */
export interface SessionRecord {
  id: string;
  userId: string;
  groupId: string;
  email: string;
  name: string;
  isOwner: boolean;
  apiAccess: boolean;
  shortLived: boolean;
  lastActiveAt: number;
  lastIp: string;
  expiresAt: number;
  revokedAt: number | null;
}

// Every login writes one, so it is compiled once (prepared-query.ts); the arguments are column values.
const insertSessionRow = preparedQuery(
  (
    db: Db,
    id: string,
    userId: string,
    now: number,
    ip: string,
    countryCode: string | null,
    deviceDescription: string,
    shortLived: number,
    expiresAt: number,
  ) =>
    db.insertInto('sessions').values({
      id,
      user_id: userId,
      created_at: now,
      last_active_at: now,
      login_ip: ip,
      login_country_code: countryCode,
      last_ip: ip,
      last_country_code: countryCode,
      device_description: deviceDescription,
      short_lived: shortLived,
      expires_at: expiresAt,
      revoked_at: null,
    }),
);

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await insertSessionRow(
    db,
    s.id,
    s.userId,
    s.now,
    s.ip,
    s.countryCode,
    s.deviceDescription,
    s.shortLived ? 1 : 0,
    s.expiresAt,
  );
}

// Every authenticated request reads its session with it, so it is compiled once (prepared-query.ts).
const selectSession = preparedQuery((db: Db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('groups', 'groups.id', 'users.group_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.short_lived',
      'sessions.last_active_at',
      'sessions.last_ip',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.group_id',
      'users.email',
      'users.name',
      'users.is_owner',
      'groups.api_access',
    ])
    .where('sessions.id', '=', id),
);

export async function findSession(db: Db, id: string): Promise<SessionRecord | null> {
  const [row] = await selectSession(db, id);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    groupId: row.group_id,
    email: row.email,
    name: row.name,
    isOwner: row.is_owner === 1,
    apiAccess: row.api_access === 1,
    shortLived: row.short_lived === 1,
    lastActiveAt: row.last_active_at,
    lastIp: row.last_ip,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function touchSession(
  db: Db,
  id: string,
  activity: { now: number; ip: string; countryCode: string | null; expiresAt: number },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      last_active_at: activity.now,
      last_ip: activity.ip,
      last_country_code: activity.countryCode,
      expires_at: activity.expiresAt,
    })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user; each instance sees it on the next request (sessions are read per request). */
export async function revokeUserSessions(db: Db, userId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
