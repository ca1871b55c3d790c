/**
 * The portal as the load benches run it: a real server in its own process (tests/support/server.ts: a fresh SQLite
 * file, or a fresh PostgreSQL schema when DATABASE_URL is set), LOG_LEVEL=warn as in production, the limits that would
 * refuse a load generator's single address raised. It announces what a client needs: a client_credentials client, a
 * signed-in session's cookies, and an account to log in to.
 */
import { createClient } from '#server/modules/clients/clients.service.ts';
import { freePort } from '#tests/support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, startTestServer } from '#tests/support/server.ts';
import { announce } from './child-process.ts';

export interface PortalInfo {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The Cookie header of a signed-in owner (sid and sid_claims). */
  cookie: string;
  /** An account whose only use is being logged in to, so its sessions pile up away from the reader's list. */
  loginEmail: string;
  password: string;
}

const port = await freePort();
const server = await startTestServer({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
  RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
  MAIL_POLL_MS: '1000',
});

const owner = await createUser(server, { email: 'reader@example.com', owner: true, apiAccess: true });
const loginEmail = 'login@example.com';
await createUser(server, { email: loginEmail });
const { client, secret } = await createClient(server.db, server.config, {
  groupId: owner.groupId,
  userId: owner.id,
  grantType: 'client_credentials',
  applicationName: 'Bench',
});

const login = await fetch(new URL('/api/login', server.url), {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.url },
  body: JSON.stringify({ username: owner.email, password: DEFAULT_TEST_PASSWORD }),
});
if (login.status !== 200) throw new Error(`bench login answered ${login.status}`);
const cookie = login.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');

const info: PortalInfo = {
  url: server.url,
  clientId: client.clientId,
  clientSecret: secret,
  cookie,
  loginEmail,
  password: DEFAULT_TEST_PASSWORD,
};
announce(info, () => server.close());
