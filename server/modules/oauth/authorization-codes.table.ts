/** A pending authorization code; the row is deleted when the code is redeemed, so a code works once. */
export interface OAuthAuthorizationCodesTable {
  /** SHA-256 hex of the code: a leaked database cannot be replayed at the token endpoint. */
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  /** The RFC 8707 resource granted, the tokens' `aud`; null (rows from before) means the default resource. */
  resource: string | null;
  created_at: number;
  expires_at: number;
}
