import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function login(username: string, password: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: await response.json() };
}

async function userRow(email: string) {
  return server.db
    .selectFrom('users')
    .select(['failed_login_count', 'locked_until'])
    .where('email_normalized', '=', email)
    .executeTakeFirstOrThrow();
}

describe('account lock after too many failed logins', () => {
  it('the 5th wrong password answers 403 code 78 with the remaining seconds', async () => {
    await createUser(server, { email: 'lock1@example.com' });
    for (let i = 1; i <= 4; i++) {
      const { status, body } = await login('lock1@example.com', `Wrong${i}23456`);
      expect(status).toBe(401);
      expect(body.error.code).toBe('INVALID_CREDENTIALS');
    }
    const { status, body } = await login('lock1@example.com', 'Wrong523456');
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, error: { code: 78, name: 'AccountLocked' } });
    expect(body.error.data.account_lock_timeout).toBeGreaterThanOrEqual(898);
    expect(body.error.data.account_lock_timeout).toBeLessThanOrEqual(900);
  });

  it('stays locked even with the right password, without counting it', async () => {
    const { status, body } = await login('lock1@example.com', 'Secret1234');
    expect(status).toBe(403);
    expect(body.error.code).toBe(78);
    expect(body.error.data.account_lock_timeout).toBeGreaterThan(0);
    expect((await userRow('lock1@example.com')).failed_login_count).toBe(5);
  });

  it('an expired lock lets the right password in and resets the counter', async () => {
    await server.db
      .updateTable('users')
      .set({ locked_until: Date.now() - 1000 })
      .where('email_normalized', '=', 'lock1@example.com')
      .execute();
    const { status } = await login('lock1@example.com', 'Secret1234');
    expect(status).toBe(200);
    expect(await userRow('lock1@example.com')).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it('an expired lock restarts the count at one wrong password', async () => {
    await createUser(server, { email: 'lock2@example.com' });
    await server.db
      .updateTable('users')
      .set({ failed_login_count: 5, locked_until: Date.now() - 1000 })
      .where('email_normalized', '=', 'lock2@example.com')
      .execute();
    const { status } = await login('lock2@example.com', 'Wrong123456');
    expect(status).toBe(401);
    expect(await userRow('lock2@example.com')).toEqual({ failed_login_count: 1, locked_until: null });
  });

  it('concurrent wrong guesses lose no increment and cannot slip past the limit', async () => {
    await createUser(server, { email: 'lock3@example.com' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login('lock3@example.com', `Wrong${i}23456`)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 403)).toHaveLength(4);
    const row = await userRow('lock3@example.com');
    expect(row.locked_until).toBeGreaterThan(Date.now());
    expect((await login('lock3@example.com', 'Secret1234')).status).toBe(403);
  });
  it('a burst cannot try more passwords than the limit: the right one, judged after the burst locked, is refused', async () => {
    await createUser(server, { email: 'lock4@example.com' });
    // Every request reads the account before any hash ends, so each is past the first lock check; the right password
    // comes last, and its hash ends after the wrong ones have locked the account.
    const wrong = Array.from({ length: 24 }, (_, i) => login('lock4@example.com', `Wrong${i}23456`));
    const right = login('lock4@example.com', 'Secret1234');
    const results = await Promise.all([...wrong, right]);
    expect(results.filter((r) => r.status === 401)).toHaveLength(4);
    expect((await right).status).toBe(403);
    expect((await right).body.error.code).toBe(78);
    expect((await userRow('lock4@example.com')).locked_until).toBeGreaterThan(Date.now());
  });
});

describe('with a short lock', () => {
  it('unlocks by itself once LOGIN_LOCK_MINUTES has passed', async () => {
    const quick = await startTestServer({ LOGIN_LOCK_MINUTES: '0.01', LOGIN_MAX_FAILURES: '2' });
    try {
      await createUser(quick, { email: 'quick@example.com' });
      const attempt = (password: string) =>
        fetch(`${quick.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'quick@example.com', password }),
        });
      expect((await attempt('Wrong123456')).status).toBe(401);
      const locked = await attempt('Wrong123456');
      expect(locked.status).toBe(403);
      expect((await locked.json()).error.data.account_lock_timeout).toBe(1);
      await new Promise((r) => setTimeout(r, 700));
      expect((await attempt('Secret1234')).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});
