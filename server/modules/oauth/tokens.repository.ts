import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

export interface TokenRecord {
  id: string;
  accessJti: string;
  accessExpiresAt: number;
  refreshHash: string | null;
  refreshExpiresAt: number | null;
  refreshUsedAt: number | null;
  familyId: string;
  /** oauth_clients.id, not the public client_id. */
  clientId: string;
  userId: string | null;
  groupId: string;
  /** The access token's scope. */
  scope: string;
  /** What the refresh token may still ask for, when wider than `scope`; null means `scope`. */
  refreshScope: string | null;
  /** The grant's code was redeemed without the client secret: its refresh tokens need none (RFC 8252 §8.5). */
  secretless: boolean;
  /** The RFC 8707 resource (the access token's `aud`); null only on rows issued before resources were recorded. */
  resource: string | null;
  createdAt: number;
  revokedAt: number | null;
}

export type NewToken = Omit<TokenRecord, 'refreshUsedAt' | 'revokedAt'>;

function selectTokens(db: Db) {
  return db.selectFrom('oauth_tokens').selectAll();
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

function toRecord(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    accessJti: row.access_jti,
    accessExpiresAt: row.access_expires_at,
    refreshHash: row.refresh_hash,
    refreshExpiresAt: row.refresh_expires_at,
    refreshUsedAt: row.refresh_used_at,
    familyId: row.family_id,
    clientId: row.client_id,
    userId: row.user_id,
    groupId: row.group_id,
    scope: row.scope,
    refreshScope: row.refresh_scope,
    secretless: row.secretless === 1,
    resource: row.resource,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

// Every token the endpoint issues is one of these, so it is compiled once (prepared-query.ts).
const insertTokenRow = preparedQuery(
  (
    db: Db,
    id: string,
    accessJti: string,
    accessExpiresAt: number,
    refreshHash: string | null,
    refreshExpiresAt: number | null,
    familyId: string,
    clientId: string,
    userId: string | null,
    groupId: string,
    scope: string,
    refreshScope: string | null,
    secretless: number,
    resource: string | null,
    createdAt: number,
  ) =>
    db.insertInto('oauth_tokens').values({
      id,
      access_jti: accessJti,
      access_expires_at: accessExpiresAt,
      refresh_hash: refreshHash,
      refresh_expires_at: refreshExpiresAt,
      refresh_used_at: null,
      family_id: familyId,
      client_id: clientId,
      user_id: userId,
      group_id: groupId,
      scope,
      refresh_scope: refreshScope,
      secretless,
      resource,
      created_at: createdAt,
      revoked_at: null,
    }),
);

export async function insertToken(db: Db, t: NewToken): Promise<void> {
  await insertTokenRow(
    db,
    t.id,
    t.accessJti,
    t.accessExpiresAt,
    t.refreshHash,
    t.refreshExpiresAt,
    t.familyId,
    t.clientId,
    t.userId,
    t.groupId,
    t.scope,
    t.refreshScope,
    t.secretless ? 1 : 0,
    t.resource,
    t.createdAt,
  );
}

export async function findTokenByJti(db: Db, jti: string): Promise<TokenRecord | null> {
  const row = await selectTokens(db).where('access_jti', '=', jti).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findTokenByRefreshHash(db: Db, refreshHash: string): Promise<TokenRecord | null> {
  const row = await selectTokens(db).where('refresh_hash', '=', refreshHash).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * Marks a refresh token as exchanged, in one conditional UPDATE: of two concurrent refreshes with the same token
 * exactly one wins, and the other is treated as the replay it is.
 */
export async function markRefreshUsed(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('oauth_tokens')
    .set({ refresh_used_at: now })
    .where('id', '=', id)
    .where('refresh_used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeTokenRow(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every token of one client for one account: what removing an authorized application means. */
export async function revokeClientTokensOfGroup(db: Db, clientId: string, groupId: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('client_id', '=', clientId)
    .where('group_id', '=', groupId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every token of one client issued to one user: what a secondary user's removal of their own consent means. */
export async function revokeClientTokensOfUser(db: Db, clientId: string, userId: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
