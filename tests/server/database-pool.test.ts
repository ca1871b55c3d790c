import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, createDatabase, type Db } from '#server/db/database.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';

// PostgreSQL's pool has two waits that must not be one setting: opening a connection (a database that does not
// answer is away: fail soon, as a 503) and queueing for a busy connection (the database answers, slower than requests
// come: wait your turn). The pool's size and queue wait are DATABASE_POOL_SIZE and DATABASE_POOL_WAIT_MS.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function database(databaseUrl: string, pool: { size: number; waitMs: number }): Db {
  const db = createDatabase({ databaseUrl, sqlitePath: '', databasePool: pool });
  cleanups.push(() => db.destroy());
  return db;
}

/** A host that takes the TCP connection and never says a word: a database hung, or a firewall that drops packets. */
async function silentHost(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as { port: number }).port;
}

describe('the PostgreSQL pool', () => {
  it('gives up on a database that does not answer after the connect timeout, not after the queue wait', async () => {
    const port = await silentHost();
    const db = database(`postgres://portal@127.0.0.1:${port}/portal`, { size: 2, waitMs: 30_000 });
    const started = Date.now();
    const failure = await sql`select 1`.execute(db).then(
      () => null,
      (err: unknown) => err,
    );
    const waited = Date.now() - started;
    expect(failure).not.toBeNull();
    // What the errors plugin turns into a 503 with Retry-After.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
  }, 15_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'lets a request queue for a busy connection longer than the connect timeout, and answers it',
    async () => {
      const db = database(process.env.DATABASE_URL!, { size: 1, waitMs: 15_000 });
      await sql`select 1`.execute(db);
      const holdMs = CONNECT_TIMEOUT_MS + 1_000;
      const holding = sql`select pg_sleep(${holdMs / 1000})`.execute(db);
      const started = Date.now();
      const queued = await sql<{ answer: number }>`select 42 as answer`.execute(db);
      expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
      expect(queued.rows).toEqual([{ answer: 42 }]);
      await holding;
    },
    20_000,
  );

  it.skipIf(!process.env.DATABASE_URL)('still refuses a request that waited past DATABASE_POOL_WAIT_MS', async () => {
    const db = database(process.env.DATABASE_URL!, { size: 1, waitMs: 300 });
    await sql`select 1`.execute(db);
    const holding = sql`select pg_sleep(1.5)`.execute(db);
    const failure = await sql`select 1`.execute(db).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await holding;
  });
});
