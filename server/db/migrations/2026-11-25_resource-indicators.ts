import type { Kysely } from 'kysely';

// Frozen in time like every migration: the RFC 8707 resource an authorization was granted for, carried from the
// pending request to its code and on to the tokens (and their refreshes), whose `aud` it becomes. Null on rows made
// before: those were issued for the default resource. `any` because a migration must not depend on today's types.
const TABLES = ['oauth_authorization_requests', 'oauth_authorization_codes', 'oauth_tokens'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('resource', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('resource').execute();
}
