import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '#shared-domain/login.ts';
import { cookieHeader, createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy (the CDN), which also says the client's country.
  server = await startTestServer({ TRUST_PROXY: 'true' });
  await createUser(server, { email: 'ann@example.com', name: 'Ann', owner: true });
});
afterAll(() => server.close());

function sessionOnly(cookie: string | undefined, returnTo = '/pages/credentials') {
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ return_to: returnTo }),
  });
}

function getSession(cookie: string) {
  return fetch(`${server.url}/api/session`, { headers: { cookie } });
}

describe('session-only login form', () => {
  it('answers the redirect when the cookie names a live session', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    const response = await sessionOnly(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect: '/pages/credentials' });
  });

  it('keeps redirects same-origin', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    expect(await (await sessionOnly(cookie, '//evil.example')).json()).toEqual({
      success: true,
      redirect: '/pages/main',
    });
  });

  it('answers 401 NO_SESSION without a cookie or with a forged one', async () => {
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=not-a-jwt`,
      `${SESSION_COOKIE}=eyJhbGciOiJIUzI1NiJ9.e30.AAAA`,
    ]) {
      const response = await sessionOnly(cookie);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'NO_SESSION' } });
    }
  });
});

describe('GET /api/session', () => {
  it('describes the logged-in user', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    const response = await getSession(cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { user: { email: 'ann@example.com', name: 'Ann', apiAccess: false, isGroupOwner: true } },
    });
  });

  it('is 401 without a session', async () => {
    const response = await fetch(`${server.url}/api/session`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('NO_SESSION');
  });

  it('honours a revocation or expiry written by any instance on the next request', async () => {
    const revoked = await loginCookie(server, 'ann@example.com');
    const expired = await loginCookie(server, 'ann@example.com');
    expect((await getSession(revoked)).status).toBe(200);
    const sidOf = (cookie: string) => {
      const token = cookie.split('; ')[0]!.split('=')[1]!;
      return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;
    };
    await server.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', sidOf(revoked)).execute();
    await server.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', sidOf(expired))
      .execute();
    const afterRevoke = await getSession(revoked);
    expect(afterRevoke.status).toBe(401);
    expect((await getSession(expired)).status).toBe(401);
    // Stale cookies are cleared so the SPA stops assuming a session.
    const cleared = afterRevoke.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(cleared.some((c) => c.startsWith(`${CLAIMS_COOKIE}=;`))).toBe(true);
  });

  it('records activity at most once a minute, sliding a short-lived session', async () => {
    const cookie = await loginCookie(server, 'ann@example.com', 'Secret1234', { short_lived: true });
    const token = cookie.split('; ')[0]!.split('=')[1]!;
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;
    const row = () => server.db.selectFrom('sessions').selectAll().where('id', '=', sid).executeTakeFirstOrThrow();
    const created = await row();

    await fetch(`${server.url}/api/session`, { headers: { cookie, 'x-country-code': 'SE' } });
    expect(await row()).toEqual(created);

    const past = Date.now() - 2 * 60_000;
    await server.db
      .updateTable('sessions')
      .set({ last_active_at: past, expires_at: past + 60 * 60_000 })
      .where('id', '=', sid)
      .execute();
    await fetch(`${server.url}/api/session`, { headers: { cookie, 'x-country-code': 'SE' } });
    const touched = await row();
    expect(touched.last_active_at).toBeGreaterThan(past);
    expect(touched.last_country_code).toBe('SE');
    expect(touched.login_country_code).toBeNull();
    expect(touched.expires_at).toBeGreaterThanOrEqual(touched.last_active_at + 60 * 60_000);
  });

  it('records the device, address and country of the login', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
        'cf-ipcountry': 'fi',
      },
      body: JSON.stringify({ username: 'ann@example.com', password: 'Secret1234' }),
    });
    expect(response.status).toBe(200);
    const row = await server.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      device_description: 'Chrome on Linux',
      login_ip: '127.0.0.1',
      login_country_code: 'FI',
      short_lived: 0,
      revoked_at: null,
    });
  });
});

describe('the country of a session', () => {
  it('without a proxy to say it, is not taken from the client, who could name any', async () => {
    const direct = await startTestServer();
    try {
      await createUser(direct, { email: 'ann@example.com' });
      const response = await fetch(`${direct.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-ipcountry': 'FI', 'x-country-code': 'SE' },
        body: JSON.stringify({ username: 'ann@example.com', password: 'Secret1234' }),
      });
      expect(response.status).toBe(200);
      const cookie = cookieHeader(response);
      await direct.db
        .updateTable('sessions')
        .set({ last_active_at: Date.now() - 2 * 60_000 })
        .execute();
      await fetch(`${direct.url}/api/session`, { headers: { cookie, 'x-country-code': 'NO' } });
      const row = await direct.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ login_country_code: null, last_country_code: null });
    } finally {
      await direct.close();
    }
  });
});

describe('GET /api/logout', () => {
  it('revokes the session and clears both cookies', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    const response = await fetch(`${server.url}/api/logout`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Logged out' });
    const cleared = response.headers.getSetCookie();
    for (const name of [SESSION_COOKIE, CLAIMS_COOKIE]) {
      const header = cleared.find((c) => c.startsWith(`${name}=;`));
      expect(header, name).toBeDefined();
      expect(header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    }
    // The old cookie is dead even if the browser kept it.
    expect((await getSession(cookie)).status).toBe(401);
  });

  it('sends a browser navigation to the logout page with its query', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    // fetch() always sends its own Sec-Fetch-Mode, so speak plain HTTP like a navigating browser.
    const response = await new Promise<IncomingMessage>((done, fail) =>
      get(
        `${server.url}/api/logout?error=access_denied&application_name=App`,
        { headers: { cookie, 'sec-fetch-mode': 'navigate' } },
        done,
      ).on('error', fail),
    );
    response.resume();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/pages/logout?error=access_denied&application_name=App');
    expect(response.headers['set-cookie']?.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect((await getSession(cookie)).status).toBe(401);
  });

  it('works without a session', async () => {
    const response = await fetch(`${server.url}/api/logout`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Logged out' });
  });
});

describe('short_lived login', () => {
  it('sets browser-session cookies and a row that expires after SHORT_SESSION_TTL_MINUTES', async () => {
    const before = Date.now();
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ann@example.com', password: 'Secret1234', short_lived: true }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${CLAIMS_COOKIE}=`))).toHaveLength(
      2,
    );
    for (const c of cookies) {
      expect(c).not.toMatch(/Max-Age/i);
      expect(c).not.toMatch(/Expires/i);
    }
    const row = await server.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.short_lived).toBe(1);
    expect(row.expires_at).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(row.expires_at).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  });
});
