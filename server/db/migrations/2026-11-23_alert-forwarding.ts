import type { Kysely } from 'kysely';

// Frozen in time like every migration: one alert forwarding configuration per OAuth client (product.md §3), gone with
// the client. `any` because a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_forwarding_configs')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('group_public_key', 'text', (c) => c.notNull())
    .addColumn('portal_public_key', 'text', (c) => c.notNull())
    .addColumn('portal_private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('aes_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('keys_issued_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_forwarding_configs').execute();
}
