import type { Db } from '#server/db/database.ts';

export interface AuthorizationCodeRecord {
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  /** The RFC 8707 resource granted; null only for codes issued before resources were recorded. */
  resource: string | null;
  expiresAt: number;
}

export async function insertAuthorizationCode(db: Db, code: AuthorizationCodeRecord, now: number): Promise<void> {
  await db
    .insertInto('oauth_authorization_codes')
    .values({
      code_hash: code.codeHash,
      client_id: code.clientId,
      user_id: code.userId,
      redirect_uri: code.redirectUri,
      scope: code.scope,
      code_challenge: code.codeChallenge,
      code_challenge_method: code.codeChallengeMethod,
      resource: code.resource,
      created_at: now,
      expires_at: code.expiresAt,
    })
    .execute();
}

export async function findAuthorizationCode(db: Db, codeHash: string): Promise<AuthorizationCodeRecord | null> {
  const row = await db
    .selectFrom('oauth_authorization_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    codeHash: row.code_hash,
    clientId: row.client_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scope: row.scope,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    resource: row.resource,
    expiresAt: row.expires_at,
  };
}

/** True for the one caller that consumed the code: two concurrent redemptions cannot both win. */
export async function consumeAuthorizationCode(db: Db, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('oauth_authorization_codes').where('code_hash', '=', codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Unredeemed codes expire within minutes; issuing a new one sweeps the old ones so the table stays small. */
export async function deleteExpiredAuthorizationCodes(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oauth_authorization_codes').where('expires_at', '<', now).execute();
}

/** Pending codes of a client for some users: removing consent must also stop a code issued a moment before. */
export async function deleteAuthorizationCodesOfUsers(
  db: Db,
  clientId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('oauth_authorization_codes')
    .where('client_id', '=', clientId)
    .where('user_id', 'in', userIds)
    .execute();
}
