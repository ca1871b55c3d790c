/**
 * Single-use account tokens: email verification, password reset, invitation (product.md §9). Only the hash is stored.
 */
export interface AccountTokensTable {
  id: string;
  kind: string;
  /** The account the token acts on; null for invitations, whose user does not exist yet. */
  user_id: string | null;
  /** The group an invitation joins; null for the other kinds. */
  group_id: string | null;
  email_normalized: string;
  /** SHA-256 hex of the token's 32 random bytes. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Set when a newer token of the same kind for the same email superseded this one. */
  voided_at: number | null;
  created_by: string | null;
}
