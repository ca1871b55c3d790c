import type { Kysely } from 'kysely';

// Frozen in time like every migration: the access tokens that were revoked before their expiry, for the tokens that
// have no row of their own (client_credentials, decision 0021). Written only by a revocation, read by every check of
// such a token, pruned once the token has expired. `any` because a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_revoked_access_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_revoked_access_tokens_expires_idx')
    .on('oauth_revoked_access_tokens')
    .column('expires_at')
    .execute();
  // The foreign key's cascade looks rows up by client when a credential is deleted.
  await db.schema
    .createIndex('oauth_revoked_access_tokens_client_idx')
    .on('oauth_revoked_access_tokens')
    .column('client_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_revoked_access_tokens').execute();
}
