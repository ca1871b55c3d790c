import type { Kysely } from 'kysely';

// Frozen in time like every migration: the scope a refresh token may still ask for, when it is wider than its
// issuance's access token (a refresh that asked for less, RFC 6749 §6). Null means the same as `scope`, as on every
// row made before. `any` because a migration must not depend on today's types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').addColumn('refresh_scope', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').dropColumn('refresh_scope').execute();
}
