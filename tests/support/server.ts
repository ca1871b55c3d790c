import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { type Resolve, systemResolve } from '#server/modules/alerts/webhook-sender.ts';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { createUser as createUserWithService } from '#server/modules/users/users.service.ts';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '#shared-domain/login.ts';

/**
 * A real portal server for tests of any kind (architecture.md §6): HTTP on 127.0.0.1 with an ephemeral port, a fresh
 * database (SQLite in a temp DATA_DIR, or a fresh PostgreSQL database when DATABASE_URL is set), Redis with a unique
 * key prefix when REDIS_URL is set. Nothing else leaks in from the caller's environment.
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  db: Db;
  close(): Promise<void>;
}

export type TestServerEnv = Record<string, string | undefined>;

/**
 * Test traffic stays on this machine, name lookups included: a test server's alert worker resolves `localhost` (from
 * the hosts file) and answers every other webhook host as not found, where the system's resolver would ask the name
 * server (a setup pings its webhook at once, and specs type public-looking addresses such as alerts.customer.example).
 */
export const localResolve: Resolve = async (hostname) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return systemResolve(hostname);
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests resolve no name off this machine)`), {
    code: 'ENOTFOUND',
  });
};

export const DEFAULT_TEST_PASSWORD = 'Secret1234';

/**
 * A server-entry folder that does not exist: the server sends its build's index.html without rendering a first
 * screen into it, for tests of which document a request gets rather than of what is rendered in it.
 */
export const NO_SERVER_ENTRY = '/nonexistent/portal-server-entry';

export async function startTestServer(overrides: TestServerEnv = {}, appOptions: AppOptions = {}): Promise<TestServer> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const env: TestServerEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_DIR: resolve('dist'),
    // Suites sign up and recover far more often than a person would; tests of the limits set small values.
    RATE_LIMIT_SIGNUP_PER_HOUR: '10000',
    RATE_LIMIT_RESEND_PER_HOUR: '10000',
    RATE_LIMIT_RECOVER_PER_HOUR: '10000',
    RATE_LIMIT_PER_EMAIL_PER_HOUR: '10000',
    RATE_LIMIT_INVITE_PER_HOUR: '10000',
    RATE_LIMIT_TOKEN_PER_MINUTE: '10000',
    // Mail shows up in the outbox within a fraction of a second, and a captcha is solved in a few milliseconds.
    MAIL_POLL_MS: '100',
    ALTCHA_MAX_NUMBER: '5000',
    // The suite is the machine docs/operations.md warns of: every test file is another busy process on the same cores,
    // and at nice 10 a login would wait for them all. The default's own threads are tested in password-threads.test.ts.
    PASSWORD_HASH_NICE: '0',
  };
  if (!('DATA_DIR' in overrides)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    env.DATA_DIR = dataDir;
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  }
  if (!('DATABASE_URL' in overrides) && process.env.DATABASE_URL) {
    const database = await freshDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    cleanups.push(database.drop);
  }
  if (!('REDIS_URL' in overrides) && process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    env.REDIS_KEY_PREFIX = `test:${randomBytes(6).toString('hex')}:`;
  }
  Object.assign(env, overrides);

  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(env as NodeJS.ProcessEnv);
    app = await buildApp(config, { resolveWebhookHost: localResolve, ...appOptions });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    const started = app;
    return {
      url: `http://127.0.0.1:${address.port}`,
      app: started,
      config,
      db: started.db,
      close: async () => {
        await started.close();
        await runCleanups(cleanups);
      },
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await runCleanups(cleanups);
    throw err;
  }
}

export interface TestUserInput {
  email: string;
  password?: string;
  name?: string;
  verified?: boolean;
  owner?: boolean;
  apiAccess?: boolean;
  groupOfEmail?: string;
  companyId?: string | null;
  /** The user's language (mail they are sent); default en-us. */
  language?: string;
}

/** Creates a user through the same service the operator CLI uses. */
export function createUser(target: Db | TestServer, input: TestUserInput): Promise<UserRecord> {
  const db = 'db' in target && 'app' in target ? target.db : (target as Db);
  return createUserWithService(db, {
    email: input.email,
    name: input.name ?? input.email.split('@')[0] ?? 'Test user',
    password: input.password ?? DEFAULT_TEST_PASSWORD,
    verified: input.verified ?? true,
    owner: input.owner ?? true,
    apiAccess: input.apiAccess ?? false,
    groupOfEmail: input.groupOfEmail,
    companyId: input.companyId ?? null,
    language: input.language,
  });
}

/**
 * Logs in over HTTP and returns a Cookie header value carrying both session cookies, plus same-origin headers for
 * later state-changing calls with that cookie.
 */
export async function loginCookie(
  server: Pick<TestServer, 'url'>,
  email: string,
  password = DEFAULT_TEST_PASSWORD,
  extra: { short_lived?: boolean } = {},
): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ username: email, password, ...extra }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

/** Turns a response's Set-Cookie headers into a Cookie request header (session cookies only). */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith(`${SESSION_COOKIE}=`) || pair.startsWith(`${CLAIMS_COOKIE}=`))
    .join('; ');
}

/** Headers a same-origin browser request to this server would carry. */
export function sameOrigin(
  server: Pick<TestServer, 'url'>,
  headers: Record<string, string> = {},
): Record<string, string> {
  return { origin: server.url, 'content-type': 'application/json', ...headers };
}

/**
 * A database of its own on the PostgreSQL server `databaseUrl` names, dropped by `drop` (never throws). A database,
 * not a schema of the shared one: test files run two at a time, and Kysely's migrator looks up every schema of its
 * database by name (`has_schema_privilege`, `pg_get_serial_sequence`), so another file dropping its schema half-way
 * through that query failed the migration with "schema … does not exist".
 */
export async function freshDatabase(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      adminQuery(databaseUrl, `drop database if exists ${name} with (force)`).then(
        () => undefined,
        () => undefined,
      ),
  };
}

async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function runCleanups(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // Best effort: a leftover temp dir or database must not fail the test that already ran.
    }
  }
}
