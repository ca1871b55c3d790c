import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';

// Every introspection and resource-server check of a self-contained token asks it, so it is compiled once
// (prepared-query.ts).
const selectRevoked = preparedQuery((db: Db, jti: string) =>
  db.selectFrom('oauth_revoked_access_tokens').select('jti').where('jti', '=', jti),
);

/** Whether the access token with this jti was revoked; read on every check, on every instance, never cached. */
export async function isAccessTokenRevoked(db: Db, jti: string): Promise<boolean> {
  return (await selectRevoked(db, jti)).length > 0;
}

/** Idempotent: revoking a token twice (or on two instances at once) leaves one row. */
export async function insertRevokedAccessToken(
  db: Db,
  revoked: { jti: string; clientId: string; expiresAt: number; revokedAt: number },
): Promise<void> {
  await db
    .insertInto('oauth_revoked_access_tokens')
    .values({
      jti: revoked.jti,
      client_id: revoked.clientId,
      expires_at: revoked.expiresAt,
      revoked_at: revoked.revokedAt,
    })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Revocations of tokens that expired before `before`: no check can get past the token's own expiry any more. */
export async function deleteExpiredRevocations(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('oauth_revoked_access_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
