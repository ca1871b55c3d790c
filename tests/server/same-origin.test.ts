import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'ann@example.com', name: 'Ann', owner: true });
});
afterAll(() => server.close());

describe('same-origin check on state-changing requests', () => {
  it('refuses a cross-origin POST carrying a cookie', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie },
      body: JSON.stringify({ return_to: '/pages/main' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN_ORIGIN' } });
  });

  it('refuses a cookie-bearing POST with neither Origin nor Sec-Fetch-Site, or a cross-site one', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    for (const headers of [{}, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ return_to: '/pages/main' }),
      });
      expect(response.status).toBe(403);
    }
  });

  it('refuses a cross-origin request whose path spells /api with percent-escapes, which the router decodes', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    for (const path of ['/%61pi/deviceSessions/revoke/all', '/ap%69/deviceSessions/revoke/all']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'DELETE',
        headers: { origin: 'https://evil.example', cookie },
      });
      expect(response.status).toBe(403);
    }
    // Every session of the account is still alive.
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie } })).status).toBe(200);
  });

  it('accepts the own origin, the PUBLIC_URL origin check and Sec-Fetch-Site: same-origin', async () => {
    const cookie = await loginCookie(server, 'ann@example.com');
    for (const headers of [{ origin: server.url }, { 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ return_to: '/pages/main' }),
      });
      expect(response.status).toBe(200);
    }
  });

  it('accepts PUBLIC_URL as the origin behind a proxy', async () => {
    const proxied = await startTestServer({ PUBLIC_URL: 'https://portal.example' });
    try {
      const response = await fetch(`${proxied.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://portal.example', cookie: 'other=1' },
        body: JSON.stringify({ return_to: '/pages/main' }),
      });
      expect(response.status).toBe(401); // past the origin check, then no session

      // Under an https public URL both cookies are Secure.
      await createUser(proxied, { email: 'secure@example.com' });
      const login = await fetch(`${proxied.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://portal.example' },
        body: JSON.stringify({ username: 'secure@example.com', password: 'Secret1234' }),
      });
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const c of cookies) expect(c).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});
