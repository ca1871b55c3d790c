import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { until } from '#tests/support/fake-smtp.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '#tests/support/server.ts';
import { accountWithForwarding, alertBody } from './helpers/alert-delivery.ts';
import { type Instance, logLines } from './helpers/instances.ts';
import { type Answer, LIMIT, missing, suiteName, type TwoInstances, twoInstances } from './helpers/two-instances.ts';

// Sessions, locks, rate limits and the workers of two instances as one (helpers/two-instances.ts); the OAuth server's
// side is instances-oauth.test.ts.

const pair = twoInstances();
const { call, login, sessionStatus, newClient } = pair;
let a: Instance;
let b: Instance;
let db: Db;
let config: Config;
let publicUrl: string;
let smtp: TwoInstances['smtp'];
let hook: TwoInstances['hook'];
// After the pair's own beforeAll (hooks run in the order they were added).
beforeAll(() => {
  ({ a, b, db, config, publicUrl, smtp, hook } = pair);
});

describe.skipIf(missing.length > 0)(suiteName('two instances as one'), () => {
  it('started at the same moment, ran the migrations once: both serve, one set of tables, each migration once', async () => {
    const { rows } = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute()
      .then((r) => ({ rows: r as unknown as Array<{ name: string }> }));
    const names = rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    for (const instance of [a, b]) {
      expect(instance.alive()).toBe(true);
      expect((await call(instance, 'GET', '/api/config')).status).toBe(200);
      expect(logLines(instance).filter((l) => Number(l.level) >= 50)).toEqual([]);
    }
  });

  it('a session revoked on A is refused on B at its next request', async () => {
    await createUser(db, { email: 'revoked@example.com' });
    const [first, second, third] = [
      await login(a, 'revoked@example.com'),
      await login(b, 'revoked@example.com'),
      await login(a, 'revoked@example.com'),
    ];
    expect([await sessionStatus(b, first), await sessionStatus(a, second), await sessionStatus(b, third)]).toEqual([
      200, 200, 200,
    ]);

    expect((await call(a, 'GET', '/api/logout', { cookie: first })).status).toBe(200);
    expect(await sessionStatus(b, first)).toBe(401);

    // The other devices ended from the device list on B: refused on A, while B's own session goes on.
    expect((await call(b, 'DELETE', '/api/deviceSessions/revoke/all', { cookie: second })).status).toBe(200);
    expect(await sessionStatus(a, third)).toBe(401);
    expect(await sessionStatus(a, second)).toBe(200);
  });

  it('a password reset on A ends the sessions B serves', async () => {
    await createUser(db, { email: 'reset@example.com' });
    const phone = await login(b, 'reset@example.com');
    const laptop = await login(b, 'reset@example.com');
    const recover = await call(a, 'GET', '/api/password/recover?email=reset%40example.com&language=en-us');
    expect(recover.status).toBe(200);
    const mail = await until(() => smtp.received.find((m) => m.to.includes('reset@example.com')), 15_000);
    const token = /reset_token=([A-Za-z0-9_-]+)/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toBeTruthy();

    const changed = await call(a, 'PATCH', `/api/password/change?reset_token=${token}`, {
      body: { password: 'NewSecret123', logout: true, language: 'en-us' },
    });
    expect(changed.status).toBe(200);
    expect([await sessionStatus(b, phone), await sessionStatus(b, laptop)]).toEqual([401, 401]);
    expect(
      (
        await call(b, 'POST', '/api/login', {
          body: { username: 'reset@example.com', password: DEFAULT_TEST_PASSWORD },
        })
      ).status,
    ).toBe(401);
    await login(b, 'reset@example.com', 'NewSecret123');
  });

  it('wrong passwords on both count toward one lock, which both enforce', async () => {
    await createUser(db, { email: 'guessed@example.com' });
    const wrong = { username: 'guessed@example.com', password: 'Wrong12345x' };
    for (let i = 1; i < config.loginMaxFailures; i++) {
      expect((await call(i % 2 ? b : a, 'POST', '/api/login', { body: wrong })).status).toBe(401);
    }
    // The attempt that reaches the count, on whichever instance, locks.
    const last = await call(config.loginMaxFailures % 2 ? b : a, 'POST', '/api/login', { body: wrong });
    expect(last.body.error.name).toBe('AccountLocked');
    for (const instance of [a, b]) {
      const locked = await call(instance, 'POST', '/api/login', {
        body: { username: 'guessed@example.com', password: DEFAULT_TEST_PASSWORD },
      });
      expect(locked.body.error.name).toBe('AccountLocked');
    }
  });

  // Each limiter at a budget of LIMIT: requests alternate A, B, A, …; the next on either is refused.
  const limiters: Array<{ name: string; send: (instance: Instance, n: number, ip: string) => Promise<Answer> }> = [
    {
      name: 'login per IP',
      send: (i, n, ip) =>
        call(i, 'POST', '/api/login', { ip, body: { username: `x${n}@example.com`, password: 'Secret1234' } }),
    },
    {
      name: 'Login with Amazon per IP',
      send: (i, _n, ip) => call(i, 'POST', '/api/loginwithamazon', { ip, body: {} }),
    },
    {
      name: 'signup per IP',
      send: (i, n, ip) =>
        call(i, 'POST', '/api/signup/new', {
          ip,
          body: {
            email: `s${n}-${ip}@example.com`,
            password: 'Secret1234',
            friendly_name: 'S',
            accept_terms: true,
            language: 'en-us',
            captcha_token: 'unsolved',
          },
        }),
    },
    {
      name: 'signup per email',
      send: (i) =>
        call(i, 'POST', '/api/signup/new', {
          body: {
            email: 'same-signup@example.com',
            password: 'Secret1234',
            friendly_name: 'S',
            accept_terms: true,
            language: 'en-us',
            captcha_token: 'unsolved',
          },
        }),
    },
    {
      name: 'resend per IP',
      send: (i, n, ip) =>
        call(i, 'GET', `/api/signup/verify/resend?email=r${n}-${ip}%40example.com&language=en-us`, { ip }),
    },
    {
      name: 'resend per email',
      send: (i) => call(i, 'GET', '/api/signup/verify/resend?email=same-resend%40example.com&language=en-us'),
    },
    {
      name: 'recovery per IP',
      send: (i, n, ip) =>
        call(i, 'GET', `/api/password/recover?email=p${n}-${ip}%40example.com&language=en-us`, { ip }),
    },
    {
      name: 'recovery per email',
      send: (i) => call(i, 'GET', '/api/password/recover?email=same-recover%40example.com&language=en-us'),
    },
    {
      name: 'token endpoints per IP',
      send: (i, n, ip) =>
        call(i, 'POST', n % 2 ? '/api/oauth/introspect' : '/api/oauth/token', {
          ip,
          form: { grant_type: 'client_credentials', token: 'x', client_id: 'nobody', client_secret: 'wrong' },
        }),
    },
  ];
  for (const limiter of limiters) {
    it(`rate limit across both: ${limiter.name}`, async () => {
      const ip = newClient();
      const statuses: number[] = [];
      for (let n = 0; n < LIMIT; n++) statuses.push((await limiter.send(n % 2 ? b : a, n, ip)).status);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      for (const instance of [b, a]) {
        const refused = await limiter.send(instance, LIMIT, ip);
        expect(refused.status, JSON.stringify(refused.body)).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });
  }

  it('the mail workers of both never send one message twice', async () => {
    const before = smtp.received.length;
    const count = 40;
    for (let i = 0; i < count; i++) {
      await queueMail(
        db,
        {
          kind: 'reset',
          to: `bulk-${i}@example.com`,
          locale: 'en-us',
          productName: 'Portal',
          link: `${publicUrl}/x/${i}`,
          recipientName: 'N',
          validity: 60,
        },
        Date.now(),
      );
    }
    await until(async () => {
      const left = await db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
      return left.length === 0 || undefined;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = smtp.received.slice(before).map((m) => m.mailId);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });

  it('the alert workers of both never deliver one row twice', async () => {
    // accountWithForwarding works through A's address (the public one) and the shared database.
    const server = { url: publicUrl, db, config, app: {} } as unknown as TestServer;
    const account = await accountWithForwarding(server, [hook.url, hook.url, hook.url, hook.url]);
    hook.script(...Array.from({ length: 40 }, () => ({ status: 200, delayMs: 20 })));
    const before = hook.received.length;
    const sealer = createSealer(config.alertKeysSecret);
    const { client } = await createServiceClient(db, { name: 'Two-instance backend' });
    const alertIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { answer } = await ingestAlert(db, sealer, {
        sourceClientId: client.id,
        body: alertBody(account.user.id),
      });
      alertIds.push(answer.alert_id);
    }
    await until(async () => {
      const rows = await db.selectFrom('alert_deliveries').select('status').where('alert_id', 'in', alertIds).execute();
      return rows.length === 40 && rows.every((r) => r.status === 'delivered') ? true : undefined;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = hook.received.slice(before).map((p) => p.headers['x-portal-delivery-id'] as string);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});
