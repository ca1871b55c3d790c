import type { Db } from '#server/db/database.ts';

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
  scope: string;
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
    resource: row.resource,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertToken(db: Db, t: NewToken): Promise<void> {
  await db
    .insertInto('oauth_tokens')
    .values({
      id: t.id,
      access_jti: t.accessJti,
      access_expires_at: t.accessExpiresAt,
      refresh_hash: t.refreshHash,
      refresh_expires_at: t.refreshExpiresAt,
      refresh_used_at: null,
      family_id: t.familyId,
      client_id: t.clientId,
      user_id: t.userId,
      group_id: t.groupId,
      scope: t.scope,
      resource: t.resource,
      created_at: t.createdAt,
      revoked_at: null,
    })
    .execute();
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
