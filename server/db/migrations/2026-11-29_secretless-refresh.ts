import type { Kysely } from 'kysely';

// Frozen in time like every migration: 1 on the rows of a grant whose code was redeemed with the PKCE verifier and
// without the client secret (a native app, RFC 8252 §8.5), whose refresh tokens then need no secret either; rotation
// and replay detection stand in for it (RFC 9700 §4.14.2). Null (every row made before) means the secret is needed.
// `any` because a migration must not depend on today's types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').addColumn('secretless', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').dropColumn('secretless').execute();
}
