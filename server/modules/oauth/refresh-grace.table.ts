/**
 * The answer a rotated refresh token got, kept for the grace window so a retry gets the same tokens. `sealed` is
 * AES-256-GCM under a key derived from the OLD refresh token, which the database never holds, so a copy of this table
 * yields no usable token.
 */
export interface OAuthRefreshGraceTable {
  /** oauth_tokens.id of the rotated (old) refresh token. */
  token_id: string;
  /** access_jti of the issuance that replaced it: the retry is answered only while that one is unused and unrevoked. */
  successor_jti: string;
  /** base64url of iv (12 bytes) ‖ GCM tag (16 bytes) ‖ ciphertext. */
  sealed: string;
  expires_at: number;
}
