/**
 * True when a write failed on a unique constraint, on either dialect: two requests raced for the same email and the
 * database, not a prior read, had the last word.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  // node:sqlite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  if (e.errcode === 2067 || e.errcode === 1555) return true;
  return typeof e.message === 'string' && e.message.startsWith('UNIQUE constraint failed');
}

// Connection-level failures: the database is away (stopped, restarting, unreachable) rather than refusing this query.
// node-postgres reports them as socket errors, as its own messages, or as SQLSTATE class 08 and 57P01-57P03.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  // The client's own connect timeout (database.ts CONNECT_TIMEOUT_MS).
  'timeout expired',
  'Client was closed and is not queryable',
];

/**
 * True when a query failed because the database cannot be reached now, on either dialect (SQLite: busy past its
 * timeout). Looks through the wrappers a library puts around the driver's error (`cause`, the OAuth library's `inner`).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; inner?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code))) return true;
  if (typeof e.code === 'string' && /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  if (e.errcode === 5) return true; // SQLITE_BUSY
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (err instanceof AggregateError && err.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.inner, depth + 1);
}
