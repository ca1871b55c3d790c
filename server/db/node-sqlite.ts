import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { type Checkpointer, startCheckpointer } from './sqlite-checkpointer.ts';

const MAX_CACHED_STATEMENTS = 256;
// How often the checkpoint thread copies the log back; at a few thousand writes a second the log stays a few MB.
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * Kysely's SQLite dialect expects better-sqlite3's shape; the built-in node:sqlite needs no native compile at install
 * (architecture.md §2), so this adapter bridges the two: spread parameters, and `columns()` to tell a reader.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  #db: DatabaseSync;
  #checkpointer: Checkpointer | null = null;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // WAL lets readers proceed during a write; busy_timeout covers the CLI writing while the server runs, and is set
    // first: a connection that just closed may still be checkpointing the log (sqlite-checkpointer.ts).
    this.#db.exec('PRAGMA busy_timeout = 5000');
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = NORMAL');
    this.#db.exec('PRAGMA foreign_keys = ON');
    if (path !== ':memory:') {
      // Checkpoints move to their own thread (sqlite-checkpointer.ts); should it fail, SQLite's own come back.
      this.#db.exec('PRAGMA wal_autocheckpoint = 0');
      this.#checkpointer = startCheckpointer(path, CHECKPOINT_INTERVAL_MS, () => {
        if (this.#db.isOpen) this.#db.exec('PRAGMA wal_autocheckpoint = 1000');
      });
    }
  }

  close(): void {
    this.#statements.clear();
    this.#checkpointer?.stop();
    if (this.#db.isOpen) this.#db.close();
  }

  // Kysely prepares on every query; the same few SQL texts recur (a login is three of them), so compiled
  // statements are kept, bounded so that ad-hoc SQL cannot grow the cache without limit.
  #statements = new Map<string, SqliteStatement>();

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const stmt: StatementSync = this.#db.prepare(sql);
    const prepared: SqliteStatement = {
      reader: stmt.columns().length > 0,
      all: (params) => stmt.all(...toInputs(params)),
      run: (params) => stmt.run(...toInputs(params)),
      iterate: (params) => stmt.iterate(...toInputs(params)),
    };
    if (this.#statements.size >= MAX_CACHED_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, prepared);
    return prepared;
  }

  /**
   * Runs a statement at once, outside Kysely's queue, when that is the same as queueing it: no transaction is open on
   * the connection. Kysely's driver hands its one connection out through a promise-based lock and several awaits per
   * query, which cost an authenticated read more than SQLite's own work for its reads (decision 0020); a statement here
   * runs synchronously on the event loop either way. While a transaction is open between its statements, undefined:
   * the caller goes through Kysely and waits for the transaction's end, so it never reads uncommitted rows.
   */
  runNow(sql: string, params: ReadonlyArray<unknown>): unknown[] | undefined {
    if (!this.#db.isOpen || this.#db.isTransaction) return undefined;
    const statement = this.prepare(sql);
    if (statement.reader) return statement.all(params) as unknown[];
    statement.run(params);
    return [];
  }
}

// node:sqlite rejects booleans and undefined, which Kysely may pass through from plain JS values.
function toInputs(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}
