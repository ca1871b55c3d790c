import type { Kysely } from 'kysely';

// Frozen in time like every migration: what kind of failure ended an attempt (timeout, DNS, connection, TLS, a
// refused address, …) as a code beside the English detail, so the delivery log can say it in the reader's language.
// Attempts recorded before it have none; the page then shows their detail as logged. `any` because a migration must
// not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_delivery_attempts').addColumn('failure', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_delivery_attempts').dropColumn('failure').execute();
}
