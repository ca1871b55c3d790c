import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import * as accountLifecycle from './migrations/2026-11-22_account-lifecycle.ts';
import * as initial from './migrations/2026-11-22_initial.ts';
import * as oauth from './migrations/2026-11-22_oauth.ts';
import * as alertForwarding from './migrations/2026-11-23_alert-forwarding.ts';
import * as authorizationRequests from './migrations/2026-11-24_authorization-requests.ts';
import * as refreshGrace from './migrations/2026-11-25_refresh-grace.ts';
import * as resourceIndicators from './migrations/2026-11-25_resource-indicators.ts';
import * as alertDelivery from './migrations/2026-11-26_alert-delivery.ts';
import * as attemptFailure from './migrations/2026-11-27_attempt-failure.ts';
import * as revokedAccessTokens from './migrations/2026-11-28_revoked-access-tokens.ts';
import * as refreshScope from './migrations/2026-11-29_refresh-scope.ts';
import * as secretlessRefresh from './migrations/2026-11-29_secretless-refresh.ts';

// A static list rather than a folder scan: it works the same from source, from a bundle and under test runners,
// and a migration that is not listed here simply does not exist. Kysely runs them in the alphabetical order of these
// keys (its name comparator only orders the executed ones), so a key must sort after every migration it builds on:
// the account-lifecycle file is keyed `_lifecycle` because `_account-…` would run before `_initial` made its tables.
const migrations: Record<string, Migration> = {
  '2026-11-22_initial': initial,
  '2026-11-22_lifecycle': accountLifecycle,
  '2026-11-22_oauth': oauth,
  '2026-11-23_alert-forwarding': alertForwarding,
  '2026-11-24_authorization-requests': authorizationRequests,
  '2026-11-25_refresh-grace': refreshGrace,
  '2026-11-25_resource-indicators': resourceIndicators,
  '2026-11-26_alert-delivery': alertDelivery,
  '2026-11-27_attempt-failure': attemptFailure,
  '2026-11-28_revoked-access-tokens': revokedAccessTokens,
  '2026-11-29_refresh-scope': refreshScope,
  '2026-11-29_secretless-refresh': secretlessRefresh,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await postgresSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}

// Kysely looks for its bookkeeping tables in ANY schema unless told which one; in a database shared by several
// schemas (per-tenant or per-test search_path) it would find another schema's tables and skip creating its own.
async function postgresSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
