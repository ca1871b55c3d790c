import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

/** Whose sessions a query may touch: a group owner's whole group, or one user's own. */
export type SessionScope = { groupId: string } | { userId: string };

export interface DeviceSessionRecord {
  id: string;
  userId: string;
  createdAt: number;
  lastActiveAt: number;
  loginIp: string;
  loginCountryCode: string | null;
  lastIp: string;
  lastCountryCode: string | null;
  deviceDescription: string;
  expiresAt: number;
}

export interface GroupUserRecord {
  id: string;
  name: string;
  isOwner: boolean;
}

/**
 * Live = neither revoked nor expired: exactly the rows resolveSession would still accept, so the list never shows a
 * session that no longer works and revoking never touches one that is already over.
 */
function liveIn(db: Db, scope: SessionScope, now: number) {
  const base = db
    .selectFrom('sessions')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now);
  return 'userId' in scope
    ? base.where('sessions.user_id', '=', scope.userId)
    : base.where('sessions.user_id', 'in', (eb) =>
        eb.selectFrom('users').select('users.id').where('users.group_id', '=', scope.groupId),
      );
}

function selectLive(db: Db, scope: SessionScope, now: number) {
  return liveIn(db, scope, now)
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_active_at',
      'sessions.login_ip',
      'sessions.login_country_code',
      'sessions.last_ip',
      'sessions.last_country_code',
      'sessions.device_description',
      'sessions.expires_at',
    ])
    .orderBy('sessions.last_active_at', 'desc')
    .orderBy('sessions.id');
}

// The device sessions page and every poll of it read these two lists, so each scope's queries are compiled once
// (prepared-query.ts): the scope decides which query, its id and the time are the values.
const liveOfUser = preparedQuery((db: Db, userId: string, now: number) => selectLive(db, { userId }, now));
const liveOfGroup = preparedQuery((db: Db, groupId: string, now: number) => selectLive(db, { groupId }, now));

export async function listLiveSessions(db: Db, scope: SessionScope, now: number): Promise<DeviceSessionRecord[]> {
  const rows = await ('userId' in scope ? liveOfUser(db, scope.userId, now) : liveOfGroup(db, scope.groupId, now));
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    loginIp: row.login_ip,
    loginCountryCode: row.login_country_code,
    lastIp: row.last_ip,
    lastCountryCode: row.last_country_code,
    deviceDescription: row.device_description,
    expiresAt: row.expires_at,
  }));
}

const usersBase = (db: Db) =>
  db.selectFrom('users').select(['users.id', 'users.name', 'users.is_owner']).orderBy('users.is_owner', 'desc');
const userAlone = preparedQuery((db: Db, userId: string) =>
  usersBase(db).where('users.id', '=', userId).orderBy('users.created_at'),
);
const usersOfGroup = preparedQuery((db: Db, groupId: string) =>
  usersBase(db).where('users.group_id', '=', groupId).orderBy('users.created_at'),
);

export async function listUsers(db: Db, scope: SessionScope): Promise<GroupUserRecord[]> {
  const rows = await ('userId' in scope ? userAlone(db, scope.userId) : usersOfGroup(db, scope.groupId));
  return rows.map((row) => ({ id: row.id, name: row.name, isOwner: row.is_owner === 1 }));
}

/** Revokes live sessions in scope: one of them, or all but one (the caller's own); returns how many. */
export async function revokeLiveSessions(
  db: Db,
  scope: SessionScope,
  selection: { only: string } | { except: string },
  now: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  query =
    'userId' in scope
      ? query.where('user_id', '=', scope.userId)
      : query.where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.group_id', '=', scope.groupId),
        );
  query = 'only' in selection ? query.where('id', '=', selection.only) : query.where('id', '!=', selection.except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
