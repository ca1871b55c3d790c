import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  group_id: string;
  email: string;
  /** Trimmed, lower-cased email: the unique login key, so lookups are case-insensitive on both dialects. */
  email_normalized: string;
  name: string;
  password_hash: string;
  verified: Generated<number>;
  is_owner: Generated<number>;
  language: Generated<string>;
  failed_login_count: Generated<number>;
  locked_until: number | null;
  /** Amazon's user_id once the account is linked to Login with Amazon (docs/api/oauth.md); unique. */
  amazon_user_id: string | null;
  created_at: number;
  updated_at: number;
}
