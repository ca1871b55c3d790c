import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';
import { findUserByEmail } from '#server/modules/users/users.repository.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

// Runs on the embedded SQLite and, when DATABASE_URL is set, on PostgreSQL: the placeholders differ ("?" and "$n").
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'Ann@Example.com', name: 'Ann' });
  await createUser(server, { email: 'bob@example.com', name: 'Bob' });
});
afterAll(() => server.close());

const usersNamed = preparedQuery((db: Db, name: string, limit: number) =>
  db.selectFrom('users').select(['email', 'name']).where('name', '=', name).where('verified', '=', 1).limit(limit),
);

describe('preparedQuery', () => {
  it('answers what the query builder answers, for each new set of values', async () => {
    expect(await usersNamed(server.db, 'Ann', 5)).toEqual([{ email: 'Ann@Example.com', name: 'Ann' }]);
    expect(await usersNamed(server.db, 'Bob', 5)).toEqual([{ email: 'bob@example.com', name: 'Bob' }]);
    expect(await usersNamed(server.db, 'Bob', 0)).toEqual([]);
    expect(await usersNamed(server.db, "Ann' or '1'='1", 5)).toEqual([]);
  });

  it('keeps values bound, so a value that looks like SQL is only a value', async () => {
    expect(await findUserByEmail(server.db, "x' or 1=1 --")).toBeNull();
    expect((await findUserByEmail(server.db, '  ANN@example.COM '))?.name).toBe('Ann');
  });

  it('refuses a builder that computes with an argument instead of passing it through', async () => {
    const computed = preparedQuery((db: Db, verified: boolean) =>
      db
        .selectFrom('users')
        .select('email')
        .where('verified', '=', verified ? 1 : 0),
    );
    await expect(computed(server.db, true)).rejects.toThrow(/every argument must reach the query as a value/);
  });

  // On SQLite a prepared query runs at once when the one connection is free (decision 0020); while a transaction is
  // open on it, running at once would read inside that transaction, its uncommitted writes included.
  it('never reads inside a transaction another caller has open: it waits and sees only what was committed', async () => {
    let inside!: () => void;
    const open = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = server.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ name: 'Uncommitted' }).where('name', '=', 'Bob').execute();
        inside();
        await held;
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    await open;
    const read = usersNamed(server.db, 'Uncommitted', 5);
    release();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([]);
    expect(await usersNamed(server.db, 'Bob', 5)).toEqual([{ email: 'bob@example.com', name: 'Bob' }]);
  });
});
