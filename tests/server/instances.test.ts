import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { createClient } from '#server/modules/clients/clients.service.ts';
import { queueMail } from '#server/modules/mail/mail.service.ts';
import { freePort, startFakeSmtp, until } from '#tests/support/fake-smtp.ts';
import { navigate, REDIRECT_URI } from '#tests/support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '#tests/support/server.ts';
import { accountWithForwarding, alertBody, type Receiver, startReceiver } from './helpers/alert-delivery.ts';
import { freshSchema, type Instance, logLines, sharedDataDir, startInstance } from './helpers/instances.ts';

// Two instances as one (README: several instances behind a load balancer): two portal processes on one fresh
// PostgreSQL schema and one Redis (its own key prefix), started at the same moment, requests alternating between them.
// Whatever one instance does, the other sees on its very next request.

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
const LIMIT = 3;

let a: Instance;
let b: Instance;
let db: Db;
let config: Config;
let publicUrl: string;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let hook: Receiver;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  if (missing.length > 0) return;
  const schema = await freshSchema(process.env.DATABASE_URL!);
  cleanups.push(() => schema.drop());
  const data = sharedDataDir();
  cleanups.push(() => data.remove());
  smtp = await startFakeSmtp();
  cleanups.push(() => smtp.close());
  hook = await startReceiver();
  cleanups.push(() => hook.close());
  // Behind one address, as behind a load balancer: links, the issuer and the same-origin check use it on both.
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${portA}`;
  const env = {
    DATA_DIR: data.dir,
    DATABASE_URL: schema.url,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `test:instances-${randomBytes(4).toString('hex')}:`,
    PUBLIC_URL: publicUrl,
    // The load balancer's X-Forwarded-For is the client's address: each test speaks for clients of its own.
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '20',
    ALERT_DELIVERY_POLL_MS: '20',
    ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
    RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_SIGNUP_PER_HOUR: String(LIMIT),
    RATE_LIMIT_RESEND_PER_HOUR: String(LIMIT),
    RATE_LIMIT_RECOVER_PER_HOUR: String(LIMIT),
    RATE_LIMIT_PER_EMAIL_PER_HOUR: String(LIMIT),
    RATE_LIMIT_TOKEN_PER_MINUTE: String(LIMIT),
  };
  // Both at the same moment, on a schema without a table: each runs the migrations at boot.
  [a, b] = await Promise.all([
    startInstance({ ...env, PORT: String(portA) }),
    startInstance({ ...env, PORT: String(portB) }),
  ]);
  cleanups.push(
    () => a.stop(),
    () => b.stop(),
  );
  config = loadConfig(env as NodeJS.ProcessEnv);
  db = createDatabase(config);
  cleanups.push(() => db.destroy());
}, 90_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let clients = 0;
/** A client address of its own (X-Forwarded-For), so no test spends another's rate-limit budget. */
const newClient = () => `10.1.${Math.floor(++clients / 250)}.${clients % 250}`;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** A request as the SPA (same origin, JSON) or an OAuth client (`form`) would send it through the load balancer. */
async function call(
  instance: Instance,
  method: string,
  path: string,
  options: { body?: unknown; form?: Record<string, string>; cookie?: string; ip?: string; basic?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: publicUrl, 'x-forwarded-for': options.ip ?? newClient() };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.basic) headers.authorization = `Basic ${Buffer.from(options.basic).toString('base64')}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${instance.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Kept as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

async function login(instance: Instance, email: string, password = DEFAULT_TEST_PASSWORD): Promise<string> {
  const response = await call(instance, 'POST', '/api/login', { body: { username: email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const sessionStatus = async (instance: Instance, cookie: string) =>
  (await call(instance, 'GET', '/api/session', { cookie })).status;

describe.skipIf(missing.length > 0)(
  `two instances as one${missing.length > 0 ? ` (skipped: set ${missing.join(' and ')})` : ''}`,
  () => {
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

    it("consent removal on A: B's introspection says inactive and B's token endpoint refuses the refresh, at once", async () => {
      const owner = await createUser(db, { email: 'app-dev@example.com', apiAccess: true });
      const app = await createClient(db, config, {
        groupId: owner.groupId,
        userId: owner.id,
        grantType: 'authorization_code',
        applicationName: 'Two-instance app',
        redirectUris: [REDIRECT_URI],
      });
      const basic = `${app.client.clientId}:${app.secret}`;
      await createUser(db, { email: 'consenting@example.com' });
      const cookie = await login(a, 'consenting@example.com');
      const authorize = `${a.url}/api/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: app.client.clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'user:read',
      })}`;
      const asked = await navigate(authorize, cookie, { 'x-forwarded-for': newClient() });
      expect(asked.location).toMatch(/^\/pages\/consent\?/);
      const accepted = await navigate(`${a.url}/api/consent${asked.location!.slice('/pages/consent'.length)}`, cookie, {
        'x-forwarded-for': newClient(),
      });
      const code = new URL(accepted.location!).searchParams.get('code')!;
      const tokens = await call(b, 'POST', '/api/oauth/token', {
        basic,
        form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      });
      expect(tokens.status).toBe(200);
      const introspect = (instance: Instance) =>
        call(instance, 'POST', '/api/oauth/introspect', { basic, form: { token: tokens.body.access_token } });
      expect((await introspect(b)).body.active).toBe(true);

      const removed = await call(a, 'PUT', '/api/consent/revoke', { cookie, body: { client_id: app.client.clientId } });
      expect(removed.status).toBe(200);
      expect((await introspect(b)).body.active).toBe(false);
      const refreshed = await call(b, 'POST', '/api/oauth/token', {
        basic,
        form: { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token },
      });
      expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
    });

    it("a secret changed on A is refused by B's token endpoint and introspection at once; the new one works on B", async () => {
      await createUser(db, { email: 'rotating-dev@example.com', apiAccess: true });
      const cookie = await login(a, 'rotating-dev@example.com');
      const grant = await call(a, 'POST', '/api/client_grant', {
        cookie,
        body: { grant_type: 'client_credentials', application_name: 'Rotating integration' },
      });
      expect(grant.status).toBe(200);
      const { client_id, secret } = grant.body.data;
      const token = (instance: Instance, clientSecret: string) =>
        call(instance, 'POST', '/api/oauth/token', {
          basic: `${client_id}:${clientSecret}`,
          form: { grant_type: 'client_credentials' },
        });
      const issued = await token(b, secret);
      expect(issued.status).toBe(200);

      const rotated = await call(a, 'PUT', '/api/client_grant', { cookie, body: { client_id } });
      expect(rotated.status).toBe(200);
      const old = await token(b, secret);
      expect(old.body.error).toBe('invalid_client');
      const introspected = await call(b, 'POST', '/api/oauth/introspect', {
        basic: `${client_id}:${secret}`,
        form: { token: issued.body.access_token },
      });
      expect(introspected.body.error).toBe('invalid_client');
      const fresh = await token(b, rotated.body.data.secret);
      expect(fresh.status).toBe(200);
      // The token issued under the old secret is inactive on both, asked with the new one (decision 0021); the
      // one issued under the new secret is active.
      const introspect = (instance: Instance, accessToken: string) =>
        call(instance, 'POST', '/api/oauth/introspect', {
          basic: `${client_id}:${rotated.body.data.secret}`,
          form: { token: accessToken },
        });
      expect((await introspect(a, issued.body.access_token)).body).toEqual({ active: false });
      expect((await introspect(b, issued.body.access_token)).body).toEqual({ active: false });
      expect((await introspect(a, fresh.body.access_token)).body.active).toBe(true);
    });

    it('a client_credentials token revoked on A is inactive on B at once; deleting the credential on B ends the rest on A', async () => {
      await createUser(db, { email: 'revoking-dev@example.com', apiAccess: true });
      const cookie = await login(a, 'revoking-dev@example.com');
      const grant = await call(a, 'POST', '/api/client_grant', {
        cookie,
        body: { grant_type: 'client_credentials', application_name: 'Revoking integration' },
      });
      const { client_id, secret } = grant.body.data;
      const basic = `${client_id}:${secret}`;
      const issue = async (instance: Instance) =>
        (await call(instance, 'POST', '/api/oauth/token', { basic, form: { grant_type: 'client_credentials' } })).body
          .access_token as string;
      const [revoked, kept] = [await issue(b), await issue(a)];
      const active = async (instance: Instance, accessToken: string) =>
        (await call(instance, 'POST', '/api/oauth/introspect', { basic, form: { token: accessToken } })).body.active;
      expect([await active(a, revoked), await active(b, revoked)]).toEqual([true, true]);

      expect((await call(a, 'POST', '/api/oauth/revoke', { basic, form: { token: revoked } })).status).toBe(200);
      expect([await active(b, revoked), await active(a, revoked), await active(b, kept)]).toEqual([false, false, true]);

      // The alerts API is a resource server of our own: a live customer token is only short of scope there (403),
      // one that is no longer active is not a token at all (401).
      const atAlerts = async (instance: Instance, accessToken: string) =>
        (
          await fetch(`${instance.url}/api/internal/alerts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
            body: '{}',
          })
        ).status;
      expect([await atAlerts(a, kept), await atAlerts(b, revoked)]).toEqual([403, 401]);
      const listed = await call(b, 'GET', '/api/credentials', { cookie });
      const credential = JSON.stringify(listed.body).match(new RegExp(`"id":"([^"]+)"[^}]*"client_id":"${client_id}"`));
      expect(credential, JSON.stringify(listed.body)).toBeTruthy();
      expect((await call(b, 'DELETE', `/api/client_credentials/${credential![1]}`, { cookie })).status).toBe(200);
      expect([await atAlerts(a, kept), await atAlerts(b, kept)]).toEqual([401, 401]);
    });

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
        const rows = await db
          .selectFrom('alert_deliveries')
          .select('status')
          .where('alert_id', 'in', alertIds)
          .execute();
        return rows.length === 40 && rows.every((r) => r.status === 'delivered') ? true : undefined;
      }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = hook.received.slice(before).map((p) => p.headers['x-portal-delivery-id'] as string);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    });
  },
);
