import type { Kysely } from 'kysely';

// Frozen in time like every migration: the OAuth client store, the authorization server's codes and tokens,
// remembered consents, and the Login with Amazon link on users (docs/api/oauth.md, docs/api/credentials.md). `any`
// because a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_uid', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('application_name', 'text', (c) => c.notNull())
    // Lower-cased name, null for the 'Not Found' default: unique across accounts on both dialects (NULLs are distinct).
    .addColumn('application_name_key', 'text', (c) => c.unique())
    .addColumn('grant_type', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('secret_rotated_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('oauth_clients_group_idx')
    .on('oauth_clients')
    .columns(['group_id', 'grant_type'])
    .execute();

  await db.schema
    .createTable('oauth_authorization_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_authorization_codes_expires_idx')
    .on('oauth_authorization_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('access_jti', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_hash', 'text', (c) => c.unique())
    .addColumn('refresh_expires_at', 'bigint')
    .addColumn('refresh_used_at', 'bigint')
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('oauth_tokens_family_idx').on('oauth_tokens').column('family_id').execute();
  await db.schema
    .createIndex('oauth_tokens_client_group_idx')
    .on('oauth_tokens')
    .columns(['client_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('oauth_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('tracking_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('oauth_consents_user_client_unique', ['user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('oauth_consents_client_idx').on('oauth_consents').column('client_id').execute();

  await db.schema.alterTable('users').addColumn('amazon_user_id', 'text').execute();
  await db.schema.createIndex('users_amazon_user_id_unique').on('users').column('amazon_user_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_amazon_user_id_unique').execute();
  await db.schema.alterTable('users').dropColumn('amazon_user_id').execute();
  await db.schema.dropTable('oauth_consents').execute();
  await db.schema.dropTable('oauth_tokens').execute();
  await db.schema.dropTable('oauth_authorization_codes').execute();
  await db.schema.dropTable('oauth_clients').execute();
}
