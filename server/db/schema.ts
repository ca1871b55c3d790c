import type { GroupsTable } from '../modules/users/groups.table.ts';
import type { UsersTable } from '../modules/users/users.table.ts';
import type { SessionsTable } from '../modules/sessions/sessions.table.ts';

/**
 * The Kysely view of the database. Columns are portable types only (design.md §4 rule 8): text ids, epoch-ms
 * bigints read back as numbers, booleans as 0/1 integers that repositories turn into booleans.
 */
export interface Database {
  groups: GroupsTable;
  users: UsersTable;
  sessions: SessionsTable;
}
