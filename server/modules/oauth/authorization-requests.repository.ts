import type { Db } from '#server/db/database.ts';

export interface AuthorizationRequestRecord {
  handleHash: string;
  userId: string;
  /** The client's credential id (oauth_clients.id). */
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  /** The RFC 8707 resource the client asked for, already checked; the default when it named none. */
  resource: string | null;
  trackingId: string | null;
  createdAt: number;
  expiresAt: number;
}

/** A pending request with what the consent page shows of its client. */
export interface PendingAuthorizationRequest extends AuthorizationRequestRecord {
  publicClientId: string;
  applicationName: string;
  /** The name of the account holder who owns the client's account (the developer), or null if there is none. */
  ownerName: string | null;
}

export async function insertAuthorizationRequest(db: Db, request: AuthorizationRequestRecord): Promise<void> {
  await db
    .insertInto('oauth_authorization_requests')
    .values({
      handle_hash: request.handleHash,
      user_id: request.userId,
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: request.codeChallengeMethod,
      resource: request.resource,
      tracking_id: request.trackingId,
      created_at: request.createdAt,
      expires_at: request.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/**
 * The user's own request, unanswered and unexpired, or null: an unknown handle, another user's request, an expired or
 * an answered one all look the same to the caller.
 */
export async function findPendingAuthorizationRequest(
  db: Db,
  handleHash: string,
  userId: string,
  now: number,
): Promise<PendingAuthorizationRequest | null> {
  const row = await db
    .selectFrom('oauth_authorization_requests as r')
    .innerJoin('oauth_clients as c', 'c.id', 'r.client_id')
    .leftJoin('groups as g', 'g.id', 'c.group_id')
    .leftJoin('users as owner', 'owner.id', 'g.owner_user_id')
    .selectAll('r')
    .select(['c.client_id as public_client_id', 'c.application_name', 'owner.name as owner_name'])
    .where('r.handle_hash', '=', handleHash)
    .where('r.user_id', '=', userId)
    .where('r.consumed_at', 'is', null)
    .where('r.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    handleHash: row.handle_hash,
    userId: row.user_id,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    scope: row.scope,
    state: row.state,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    resource: row.resource,
    trackingId: row.tracking_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    publicClientId: row.public_client_id,
    applicationName: row.application_name,
    ownerName: row.owner_name,
  };
}

/** True for the one caller that answered the request: two concurrent answers cannot both win. */
export async function consumeAuthorizationRequest(
  db: Db,
  handleHash: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_authorization_requests')
    .set({ consumed_at: now })
    .where('handle_hash', '=', handleHash)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
