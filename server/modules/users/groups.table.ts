import type { Generated } from 'kysely';

/** A group is an account: an owner plus secondary users (product.md §3 "User types"). */
export interface GroupsTable {
  id: string;
  // No FK: groups and users reference each other, and a group row must exist before its owner's user row.
  owner_user_id: string | null;
  api_access: Generated<number>;
  company_id: string | null;
  created_at: number;
}
