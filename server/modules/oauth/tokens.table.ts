/**
 * One issuance of a user grant (authorization_code, refresh_token) at the token endpoint: an access token (a JWT,
 * tracked by its jti so revocation and consent removal are immediate) and its refresh token. Rotation links issuances
 * through `family_id`; replaying a used refresh token revokes the whole family. client_credentials tokens have no row
 * (decision 0021); rows of them issued before that are still honoured until they expire.
 */
export interface OAuthTokensTable {
  id: string;
  access_jti: string;
  access_expires_at: number;
  /** SHA-256 hex of the refresh token; null only on client_credentials rows from before decision 0021. */
  refresh_hash: string | null;
  refresh_expires_at: number | null;
  /** Set when the refresh token was exchanged for the next one of its family. */
  refresh_used_at: number | null;
  family_id: string;
  client_id: string;
  /** Null only on client_credentials rows from before decision 0021, where the client acted for its own account. */
  user_id: string | null;
  group_id: string;
  /** The access token's scope. */
  scope: string;
  /**
   * The scope the refresh token may still ask for when it is wider than `scope` (a refresh that asked for less, RFC
   * 6749 §6); null means the same as `scope`.
   */
  refresh_scope: string | null;
  /**
   * 1 when the grant's code was redeemed with the PKCE verifier alone (a native app keeps no secret): its refresh
   * tokens need no client secret either. Null or 0: they do.
   */
  secretless: number | null;
  /** The RFC 8707 resource granted, the tokens' `aud`; null (rows from before) means the default resource. */
  resource: string | null;
  created_at: number;
  revoked_at: number | null;
}
