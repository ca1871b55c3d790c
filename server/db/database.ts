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

/** Where the pool reports a connection it lost while idle. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/**
 * How long opening a connection may take. A database that does not answer it is away, and the request that needed
 * the connection becomes a 503 (errors plugin) rather than a request that hangs.
 */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * pg's Client with its own connect timeout. The pool has one setting for two different waits, opening a connection
 * and queueing for a busy one; the client's timer, shorter, bounds the first, and the pool's the second.
 */
class Client extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file under DATA_DIR. */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'sqlitePath'> & Partial<Pick<Config, 'databasePool'>>,
  log?: DatabaseLog,
): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      Client,
      connectionString: config.databaseUrl,
      max: config.databasePool?.size ?? 10,
      // Queueing for a connection while all are busy: the database answers, only slower than requests arrive (a burst,
      // a database short of CPU). The request waits its turn rather than failing; beyond this it is a 503 too. A
      // database that is away fails faster: its connections break at once, and a new one times out in
      // CONNECT_TIMEOUT_MS.
      connectionTimeoutMillis: config.databasePool?.waitMs ?? 10_000,
      // Notices a peer that vanished without closing the socket, so its connection is dropped rather than waited on.
      keepAlive: true,
      // Epoch-ms timestamps are bigint columns; they fit a JS number, and SQLite already returns numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection the server ends (a restart, a failover) is an 'error' event: on the pool while the connection is
    // idle, on the connection itself while it is lent out between two queries (inside a transaction). Unheard, either
    // ends the process. The pool drops such a connection when it comes back and opens a new one for the next query;
    // the query that was using it fails and its request is answered 503 (errors plugin).
    const lost = (err: Error) =>
      log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost');
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(dirname(config.sqlitePath), { recursive: true });
  const database = new NodeSqliteDatabase(config.sqlitePath);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteConnections.set(db, database);
  return db;
}

const sqliteConnections = new WeakMap<Db, NodeSqliteDatabase>();

/**
 * The SQLite connection under a database made by createDatabase, for the compiled hot queries (prepared-query.ts);
 * undefined on PostgreSQL and for a transaction's handle. The Kysely instance has no plugins, so a row read here is
 * the row Kysely would return.
 */
export function sqliteConnectionOf(db: Db): NodeSqliteDatabase | undefined {
  return sqliteConnections.get(db);
}
