import type { Db } from '#server/db/database.ts';

export interface RefreshGraceRecord {
  tokenId: string;
  successorJti: string;
  sealed: string;
  expiresAt: number;
}

export async function insertRefreshGrace(db: Db, grace: RefreshGraceRecord): Promise<void> {
  await db
    .insertInto('oauth_refresh_grace')
    .values({
      token_id: grace.tokenId,
      successor_jti: grace.successorJti,
      sealed: grace.sealed,
      expires_at: grace.expiresAt,
    })
    .execute();
}

/** The kept answer of a rotated refresh token, while its window lasts. */
export async function findRefreshGrace(db: Db, tokenId: string, now: number): Promise<RefreshGraceRecord | null> {
  const row = await db
    .selectFrom('oauth_refresh_grace')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? { tokenId: row.token_id, successorJti: row.successor_jti, sealed: row.sealed, expiresAt: row.expires_at }
    : null;
}

export async function deleteExpiredRefreshGrace(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('oauth_refresh_grace').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
