import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { freePort, startFakeSmtp } from '#tests/support/fake-smtp.ts';
import { DEFAULT_TEST_PASSWORD, freshDatabase } from '#tests/support/server.ts';
import { type Receiver, startReceiver } from './alert-delivery.ts';
import { type Instance, sharedDataDir, startInstance } from './instances.ts';

/**
 * Two instances as one (README: several instances behind a load balancer): two portal processes on one fresh
 * PostgreSQL database and one Redis (its own key prefix), started at the same moment, requests alternating between them.
 * The suites using it (instances.test.ts, instances-oauth.test.ts) check that whatever one instance does, the other
 * sees on its very next request.
 */

/** What the suites need and are skipped without. */
export const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
export const suiteName = (name: string) =>
  `${name}${missing.length > 0 ? ` (skipped: set ${missing.join(' and ')})` : ''}`;
/** Every rate limit of the pair, low enough to reach in a test. */
export const LIMIT = 3;

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** The test's own connection to the shared database. */
  db: Db;
  config: Config;
  /** The one address both answer behind, as behind a load balancer. */
  publicUrl: string;
  smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  hook: Receiver;
  /** A client address of its own (X-Forwarded-For), so no test spends another's rate-limit budget. */
  newClient(): string;
  /** A request as the SPA (same origin, JSON) or an OAuth client (`form`) would send it through the load balancer. */
  call(
    instance: Instance,
    method: string,
    path: string,
    options?: { body?: unknown; form?: Record<string, string>; cookie?: string; ip?: string; basic?: string },
  ): Promise<Answer>;
  /** The session cookies of a login through `instance`. */
  login(instance: Instance, email: string, password?: string): Promise<string>;
  sessionStatus(instance: Instance, cookie: string): Promise<number>;
}

/**
 * Starts the pair before the file's tests (when PostgreSQL and Redis are configured) and stops it after them. The
 * answer is filled in by then: read its fields inside tests, not at the top of the file.
 */
export function twoInstances(): TwoInstances {
  const pair = {} as TwoInstances;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  let clients = 0;
  pair.newClient = () => `10.1.${Math.floor(++clients / 250)}.${clients % 250}`;

  beforeAll(async () => {
    if (missing.length > 0) return;
    const database = await freshDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => database.drop());
    const data = sharedDataDir();
    cleanups.push(() => data.remove());
    pair.smtp = await startFakeSmtp();
    cleanups.push(() => pair.smtp.close());
    pair.hook = await startReceiver();
    cleanups.push(() => pair.hook.close());
    // Behind one address, as behind a load balancer: links, the issuer and the same-origin check use it on both.
    const [portA, portB] = [await freePort(), await freePort()];
    pair.publicUrl = `http://127.0.0.1:${portA}`;
    const env = {
      DATA_DIR: data.dir,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `test:instances-${randomBytes(4).toString('hex')}:`,
      PUBLIC_URL: pair.publicUrl,
      // The load balancer's X-Forwarded-For is the client's address: each test speaks for clients of its own.
      TRUST_PROXY: 'true',
      SMTP_URL: pair.smtp.url,
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
    // Both at the same moment, on a database without a table: each runs the migrations at boot.
    [pair.a, pair.b] = await Promise.all([
      startInstance({ ...env, PORT: String(portA) }),
      startInstance({ ...env, PORT: String(portB) }),
    ]);
    cleanups.push(
      () => pair.a.stop(),
      () => pair.b.stop(),
    );
    pair.config = loadConfig(env as NodeJS.ProcessEnv);
    pair.db = createDatabase(pair.config);
    cleanups.push(() => pair.db.destroy());
  }, 90_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  pair.call = async (instance, method, path, options = {}) => {
    const headers: Record<string, string> = {
      origin: pair.publicUrl,
      'x-forwarded-for': options.ip ?? pair.newClient(),
    };
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
  };

  pair.login = async (instance, email, password = DEFAULT_TEST_PASSWORD) => {
    const response = await pair.call(instance, 'POST', '/api/login', { body: { username: email, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };

  pair.sessionStatus = async (instance, cookie) =>
    (await pair.call(instance, 'GET', '/api/session', { cookie })).status;
  return pair;
}
