import type { Kysely } from 'kysely';

// Frozen in time like every migration: the authorization requests GET /api/oauth/authorize has sent to the consent
// page, so that the page and its Accept act on what the server checked rather than on the page's query. `any`
// because a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_authorization_requests')
    .addColumn('handle_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('tracking_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('oauth_authorization_requests_expires_idx')
    .on('oauth_authorization_requests')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_authorization_requests').execute();
}
