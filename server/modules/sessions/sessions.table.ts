import type { Generated } from 'kysely';

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  last_active_at: number;
  login_ip: string;
  login_country_code: string | null;
  last_ip: string;
  last_country_code: string | null;
  device_description: string;
  short_lived: Generated<number>;
  expires_at: number;
  revoked_at: number | null;
}
