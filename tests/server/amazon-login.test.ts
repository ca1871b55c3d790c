import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '#shared-domain/login.ts';
import { type FakeAmazon, startFakeAmazon } from '../support/fake-amazon.ts';
import { cookieHeader, createUser, startTestServer, type TestServer } from '../support/server.ts';

let amazon: FakeAmazon;
let server: TestServer;

beforeAll(async () => {
  amazon = await startFakeAmazon({ user_id: 'amzn1.account.NEW', email: 'new.person@example.com', name: 'New Person' });
  server = await startTestServer({
    AMAZON_CLIENT_ID: amazon.clientId,
    AMAZON_CLIENT_SECRET: amazon.clientSecret,
    AMAZON_AUTHORIZE_URL: amazon.authorizeUrl,
    AMAZON_TOKEN_URL: amazon.tokenUrl,
    AMAZON_PROFILE_URL: amazon.profileUrl,
  });
  await createUser(server, { email: 'taken@example.com', owner: true });
});
afterAll(async () => {
  await server?.close();
  await amazon?.close();
});

/** What the SPA does: start at the configured authorize URL with PKCE, land on /pages/cb with a code, then POST. */
async function signInThroughAmazon(
  profile?: FakeAmazon['profile'],
  returnTo: string | null = '/pages/device-sessions',
) {
  const config = (await (await fetch(`${server.url}/api/config`)).json()).data;
  expect(config).toMatchObject({ amazonAuthorizeUrl: amazon.authorizeUrl, amazonClientId: amazon.clientId });
  if (profile) amazon.profile = profile;
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const start = new URL(config.amazonAuthorizeUrl);
  start.search = new URLSearchParams({
    client_id: config.amazonClientId,
    response_type: 'code',
    scope: 'profile',
    redirect_uri: server.config.amazon.redirectUri,
    state: 'abc',
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  const approved = await fetch(start, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.pathname).toBe('/pages/cb');
  expect(callback.searchParams.get('state')).toBe('abc');
  return post({ code: callback.searchParams.get('code'), code_verifier: codeVerifier, return_to: returnTo });
}

function post(body: Record<string, unknown>) {
  return fetch(`${server.url}/api/loginwithamazon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ link_current_account_to_amazon: false, ...body }),
  });
}

describe('POST /api/loginwithamazon', () => {
  it('creates a verified owner account for a new Amazon user and logs it in', async () => {
    const response = await signInThroughAmazon();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect: '/pages/device-sessions' });
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`) && /HttpOnly/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`${CLAIMS_COOKIE}=`))).toBe(true);

    const session = await (
      await fetch(`${server.url}/api/session`, { headers: { cookie: cookieHeader(response) } })
    ).json();
    expect(session.data.user).toEqual({
      email: 'new.person@example.com',
      name: 'New Person',
      apiAccess: false,
      isGroupOwner: true,
    });

    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amazon_user_id: 'amzn1.account.NEW', verified: 1, is_owner: 1 });
    // The exchange used PKCE and the registered callback.
    const exchange = amazon.tokenRequests.at(-1)!;
    expect(exchange.get('redirect_uri')).toBe(`${server.config.publicUrl}/pages/cb`);
    expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);

    // No password opens the account: it is Amazon's to log in with.
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'new.person@example.com', password: '!amazon:' }),
    });
    expect(login.status).toBe(401);
  });

  it('logs the linked account in again, whatever its Amazon email says now', async () => {
    const response = await signInThroughAmazon(
      { user_id: 'amzn1.account.NEW', email: 'renamed@example.com', name: 'X' },
      null,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect: '/pages/main' });
    const users = await server.db
      .selectFrom('users')
      .select('email')
      .where('amazon_user_id', '=', 'amzn1.account.NEW')
      .execute();
    expect(users).toEqual([{ email: 'new.person@example.com' }]);
  });

  it.each([
    ['https://evil.example/', '/pages/main'],
    ['/api/logout', '/pages/main'],
    ['/pages/%2e%2e/api/config', '/pages/main'],
    ['/pages/credentials', '/pages/credentials'],
  ])('sends return_to %s to %s: pages of the portal only', async (returnTo, expected) => {
    const response = await signInThroughAmazon(undefined, returnTo);
    expect(await response.json()).toEqual({ success: true, redirect: expected });
  });

  it('answers 409 when a portal account already has the email', async () => {
    const response = await signInThroughAmazon({
      user_id: 'amzn1.account.OTHER',
      email: 'TAKEN@example.com',
      name: 'T',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'EMAIL_ALREADY_REGISTERED' } });
    expect(response.headers.getSetCookie()).toEqual([]);
    const linked = await server.db
      .selectFrom('users')
      .select('id')
      .where('amazon_user_id', '=', 'amzn1.account.OTHER')
      .execute();
    expect(linked).toEqual([]);
  });

  it('answers 400 BAD_REQUEST when Amazon refuses the code or the verifier', async () => {
    const code = amazon.approve({ redirectUri: server.config.amazon.redirectUri, codeChallenge: 'not-the-challenge' });
    for (const body of [
      { code, code_verifier: oauth.generateRandomCodeVerifier() },
      { code: 'unknown', code_verifier: oauth.generateRandomCodeVerifier() },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        error: { code: 'BAD_REQUEST', name: 'AmazonLoginFailed' },
      });
    }
  });

  it('answers 400 for malformed input and when Amazon is unreachable or not configured', async () => {
    expect((await post({ code: 'x' })).status).toBe(400);
    const unreachable = await startTestServer({
      AMAZON_CLIENT_ID: 'id',
      AMAZON_CLIENT_SECRET: 'secret',
      AMAZON_TOKEN_URL: 'http://127.0.0.1:9/token',
    });
    const unconfigured = await startTestServer();
    try {
      for (const target of [unreachable, unconfigured]) {
        const response = await fetch(`${target.url}/api/loginwithamazon`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            code: 'c',
            code_verifier: oauth.generateRandomCodeVerifier(),
            link_current_account_to_amazon: false,
          }),
        });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe('BAD_REQUEST');
      }
    } finally {
      await unreachable.close();
      await unconfigured.close();
    }
  });
});
