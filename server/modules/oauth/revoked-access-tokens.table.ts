/**
 * An access token revoked before its expiry that has no row in oauth_tokens: a client_credentials token, which is a
 * self-contained JWT (decision 0021). Only revocation writes here; every check of such a token reads it by jti.
 */
export interface OAuthRevokedAccessTokensTable {
  jti: string;
  /** oauth_clients.id of the client the token was issued to; the row goes with the client. */
  client_id: string;
  /** The token's own expiry (epoch ms): after it the signature check refuses the token anyway, so the row is pruned. */
  expires_at: number;
  revoked_at: number;
}
