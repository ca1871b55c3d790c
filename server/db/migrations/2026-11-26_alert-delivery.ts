import type { Kysely } from 'kysely';

// Frozen in time like every migration: alerts handed in by the monitoring backend, one delivery row per alert and
// forwarding configuration (and envelope version), leased by one worker at a time, and every attempt at it for the
// delivery log (docs/architecture.md §5.1). `any` because a migration must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('source_client_id', 'text', (c) => c.references('oauth_clients.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('payload_sealed', 'text', (c) => c.notNull())
    .addColumn('delivery_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // NULLs are distinct on both dialects: alerts the portal makes itself (tests, pings) carry no key.
  await db.schema
    .createIndex('alerts_idempotency_unique')
    .on('alerts')
    .columns(['source_client_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('alerts_created_idx').on('alerts').column('created_at').execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) =>
      c.notNull().references('alert_forwarding_configs.client_id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refusals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('give_up_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_token', 'text')
    .addColumn('redelivery_of', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_http_status', 'integer')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due_idx')
    .on('alert_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_client_idx')
    .on('alert_deliveries')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('alert_deliveries_alert_idx').on('alert_deliveries').column('alert_id').execute();

  await db.schema
    .createTable('alert_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('alert_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('latency_ms', 'integer')
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'bigint')
    .addUniqueConstraint('alert_delivery_attempts_unique', ['delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_delivery_attempts').execute();
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('alerts').execute();
}
