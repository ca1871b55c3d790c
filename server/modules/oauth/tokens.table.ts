/**
 * One issuance at the token endpoint: an access token (a JWT, tracked by its jti so revocation is immediate) and, for
 * user grants, its refresh token. Rotation links issuances through `family_id`; replaying a used refresh token
 * revokes the whole family.
 */
export interface OAuthTokensTable {
  id: string;
  access_jti: string;
  access_expires_at: number;
  /** SHA-256 hex of the refresh token; null for client_credentials. */
  refresh_hash: string | null;
  refresh_expires_at: number | null;
  /** Set when the refresh token was exchanged for the next one of its family. */
  refresh_used_at: number | null;
  family_id: string;
  client_id: string;
  /** Null for client_credentials, where the client acts for its own account. */
  user_id: string | null;
  group_id: string;
  scope: string;
  /** The RFC 8707 resource granted, the tokens' `aud`; null (rows from before) means the default resource. */
  resource: string | null;
  created_at: number;
  revoked_at: number | null;
}
