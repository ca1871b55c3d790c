import type { Kysely } from 'kysely';

// Frozen in time like every migration: for a few seconds after a refresh token is rotated, the answer it got, sealed
// under a key only that refresh token yields, so a client whose answer was lost can retry. `any` because a migration
// must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_refresh_grace')
    .addColumn('token_id', 'text', (c) => c.primaryKey().references('oauth_tokens.id').onDelete('cascade'))
    .addColumn('successor_jti', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_refresh_grace_expires_idx')
    .on('oauth_refresh_grace')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_refresh_grace').execute();
}
