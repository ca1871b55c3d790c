import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

export interface UserRecord {
  id: string;
  groupId: string;
  email: string;
  name: string;
  passwordHash: string;
  verified: boolean;
  isOwner: boolean;
  apiAccess: boolean;
  language: string;
  failedLoginCount: number;
  lockedUntil: number | null;
  createdAt: number;
}

export interface NewUser {
  id: string;
  groupId: string;
  email: string;
  name: string;
  passwordHash: string;
  verified: boolean;
  isOwner: boolean;
  language?: string;
  now: number;
}

/** The one place that says how an email becomes a login key. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('groups', 'groups.id', 'users.group_id')
    .select([
      'users.id',
      'users.group_id',
      'users.email',
      'users.name',
      'users.password_hash',
      'users.verified',
      'users.is_owner',
      'users.language',
      'users.failed_login_count',
      'users.locked_until',
      'users.created_at',
      'groups.api_access',
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    groupId: row.group_id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    verified: row.verified === 1,
    isOwner: row.is_owner === 1,
    apiAccess: row.api_access === 1,
    language: row.language,
    failedLoginCount: row.failed_login_count,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
  };
}

// Every login starts here, so it is compiled once (prepared-query.ts).
const selectUserByEmail = preparedQuery((db: Db, normalizedEmail: string) =>
  selectUsers(db).where('users.email_normalized', '=', normalizedEmail),
);

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await selectUserByEmail(db, normalizeEmail(email));
  return row ? toRecord(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listUsers(db: Db): Promise<UserRecord[]> {
  const rows = await selectUsers(db).orderBy('users.created_at').orderBy('users.id').execute();
  return rows.map(toRecord);
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      group_id: user.groupId,
      email: user.email.trim(),
      email_normalized: normalizeEmail(user.email),
      name: user.name,
      password_hash: user.passwordHash,
      verified: user.verified ? 1 : 0,
      is_owner: user.isOwner ? 1 : 0,
      language: user.language ?? 'en-us',
      failed_login_count: 0,
      locked_until: null,
      created_at: user.now,
      updated_at: user.now,
    })
    .execute();
}

export interface FailedLoginResult {
  failedLoginCount: number;
  lockedUntil: number | null;
}

/**
 * Counts a wrong password and locks on reaching `maxFailures`, in ONE atomic UPDATE so concurrent guesses on several
 * instances can neither lose increments nor slip past the limit. An expired lock starts the count afresh; a lock in
 * force is never shortened or extended.
 */
export async function recordFailedLogin(
  db: Db,
  userId: string,
  opts: { now: number; maxFailures: number; lockUntil: number },
): Promise<FailedLoginResult> {
  const { now, maxFailures, lockUntil } = opts;
  const row = await db
    .updateTable('users')
    .set((eb) => {
      const lockExpired = eb.and([eb('locked_until', 'is not', null), eb('locked_until', '<=', now)]);
      const nextCount = eb
        .case()
        .when(lockExpired)
        .then(1)
        .else(eb('failed_login_count', '+', 1))
        .end();
      return {
        failed_login_count: nextCount,
        locked_until: eb
          .case()
          .when(eb.and([eb('locked_until', 'is not', null), eb('locked_until', '>', now)]))
          .then(eb.ref('locked_until'))
          .when(eb(nextCount, '>=', maxFailures))
          .then(lockUntil)
          .else(null)
          .end(),
        updated_at: now,
      };
    })
    .where('id', '=', userId)
    .returning(['failed_login_count', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failedLoginCount: row.failed_login_count, lockedUntil: row.locked_until };
}

/**
 * The account's failure count and lock as they are now: a login reads them again once its password is judged, since
 * the guesses that arrived with it may have locked the account meanwhile.
 */
export async function findLoginFailures(db: Db, userId: string): Promise<FailedLoginResult> {
  const row = await db
    .selectFrom('users')
    .select(['failed_login_count', 'locked_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { failedLoginCount: row.failed_login_count, lockedUntil: row.locked_until };
}

/**
 * Clears the count after a right password, unless a lock is in force at `now` (recorded by a concurrent guess since
 * the caller looked): false then, and the lock stays.
 */
export async function resetFailedLogins(db: Db, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ failed_login_count: 0, locked_until: null, updated_at: now })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markUserVerified(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ verified: 1, updated_at: now }).where('id', '=', userId).execute();
}

/** A new password also lifts a lock: whoever proved control of the mailbox is the owner, not the guesser. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_login_count: 0, locked_until: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
