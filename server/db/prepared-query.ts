import { type Compilable, CompiledQuery } from 'kysely';
import { type Db, sqliteConnectionOf } from './database.ts';

/**
 * A query whose SQL never changes, only its values: built and compiled once per database by Kysely's own builder and
 * dialect compiler, then run with fresh parameters. Kysely otherwise rebuilds, freezes and recompiles the whole
 * operation tree on every call, which was the largest share of a login's own work after argon2 (bench/).
 *
 * Each argument is compiled as a unique marker value, so the compiled parameter list says where every argument goes
 * (an argument may appear more than once); values stay bound parameters, never SQL text. The builder must pass each
 * argument straight into the query: computing with it (`flag ? 1 : 0`) would compute with the marker, so callers
 * convert values before calling.
 *
 * On SQLite the statement runs at once when no transaction holds the connection (node-sqlite.ts `runNow`), without
 * Kysely's connection lock and its awaits; otherwise, and on PostgreSQL, through Kysely.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Db, { sql: string; fill: (args: Args) => unknown[] }>();

  function compile(db: Db) {
    const markers = Array.from({ length: build.length - 1 }, (_, i) => `\u0000prepared-argument-${i}\u0000`);
    const query = build(db, ...(markers as Args)).compile();
    const slots = query.parameters.map((value) => markers.indexOf(value as string));
    if (!markers.every((_, argument) => slots.includes(argument))) {
      throw new Error(`preparedQuery: every argument must reach the query as a value (${query.sql})`);
    }
    const constants = query.parameters;
    const entry = {
      sql: query.sql,
      fill: (args: Args) => slots.map((slot, i) => (slot >= 0 ? args[slot] : constants[i])),
    };
    compiled.set(db, entry);
    return entry;
  }

  return async (db: Db, ...args: Args): Promise<Row[]> => {
    const { sql, fill } = compiled.get(db) ?? compile(db);
    const parameters = fill(args);
    const rows = sqliteConnectionOf(db)?.runNow(sql, parameters);
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
}
