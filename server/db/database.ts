import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file under DATA_DIR. */
export function createDatabase(config: Pick<Config, 'databaseUrl' | 'sqlitePath'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // Epoch-ms timestamps are bigint columns; they fit a JS number, and SQLite already returns numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(dirname(config.sqlitePath), { recursive: true });
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: new NodeSqliteDatabase(config.sqlitePath) }),
  });
}
