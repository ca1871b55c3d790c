import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '#shared-domain/login.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'Owner@Example.com', password: 'Secret1234', owner: true, apiAccess: true });
  await createUser(server, { email: 'second@example.com', groupOfEmail: 'owner@example.com' });
  await createUser(server, { email: 'unverified@example.com', verified: false });
});
afterAll(() => server.close());

function login(body: unknown) {
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe('POST /api/login', () => {
  it('logs in, sets the HttpOnly credential and the readable claims cookie, and redirects', async () => {
    const response = await login({ username: '  owner@EXAMPLE.com ', password: 'Secret1234' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, redirect: '/pages/main' });

    const sid = setCookie(response, SESSION_COOKIE)!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).toMatch(/Path=\//);
    expect(sid).toMatch(/Max-Age=2592000/);
    expect(sid).not.toMatch(/Secure/i);

    const claims = setCookie(response, CLAIMS_COOKIE)!;
    expect(claims).not.toMatch(/HttpOnly/i);
    expect(claims).toMatch(/Max-Age=2592000/);
    const value = claims.split(';')[0]!.split('=')[1]!;
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual({
      apiAccess: true,
      isGroupOwner: true,
    });

    const token = sid.split(';')[0]!.split('=')[1]!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(payload).toMatchObject({ sid: expect.any(String), user: { apiAccess: true, isGroupOwner: true } });
  });

  it('gives a secondary user isGroupOwner false and the group apiAccess', async () => {
    const response = await login({ username: 'second@example.com', password: 'Secret1234' });
    expect(response.status).toBe(200);
    const value = setCookie(response, CLAIMS_COOKIE)!.split(';')[0]!.split('=')[1]!;
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual({
      apiAccess: true,
      isGroupOwner: false,
    });
  });

  it.each([
    ['https://elsewhere.example/pages/main', '/pages/main'],
    ['//evil.example', '/pages/main'],
    ['/\\evil.example', '/pages/main'],
    ['javascript:alert(1)', '/pages/main'],
    ['/pages/consent?x=1', '/pages/consent?x=1'],
    ['/PAGES/Credentials/', '/pages/credentials'],
    ['/api/oauth/authorize?client_id=c&response_type=code', '/api/oauth/authorize?client_id=c&response_type=code'],
    // A same-origin path is not enough: a GET that logs out, raw JSON, a consent granted without the consent page.
    ['/api/logout', '/pages/main'],
    ['/api/config', '/pages/main'],
    ['/api/consent?client_id=c&scope=user:read&response_type=code', '/pages/main'],
    ['/pages/../api/logout', '/pages/main'],
    ['/pages/%2e%2e/api/logout', '/pages/main'],
    ['/pages%2f..%2fapi%2flogout', '/pages/main'],
    ['/pages/logout', '/pages/main'],
    ['/pages/unknown-route', '/pages/main'],
    [null, '/pages/main'],
  ])('return_to %s redirects to %s', async (returnTo, expected) => {
    const response = await login({ username: 'owner@example.com', password: 'Secret1234', return_to: returnTo });
    expect(await response.json()).toEqual({ success: true, redirect: expected });
  });

  it('checks return_to the same way when a session only resumes', async () => {
    const cookie = (await login({ username: 'owner@example.com', password: 'Secret1234' })).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const [returnTo, expected] of [
      ['/api/logout', '/pages/main'],
      ['/pages/device-sessions', '/pages/device-sessions'],
    ]) {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ return_to: returnTo }),
      });
      expect(await response.json()).toEqual({ success: true, redirect: expected });
    }
    // The session is still alive: nothing on the way logged it out.
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie } })).status).toBe(200);
  });

  it.each([
    [{ username: '', password: 'Secret1234' }, 'MISSING_EMAIL'],
    [{ username: '   ', password: 'Secret1234' }, 'MISSING_EMAIL'],
    [{ password: 'Secret1234' }, 'MISSING_EMAIL'],
    [{ username: 'owner@example.com', password: '' }, 'MISSING_PASSWORD'],
    [{ username: 'owner@example.com' }, 'MISSING_PASSWORD'],
  ])('%j → 400 %s', async (body, code) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json).toMatchObject({ success: false, error: { code } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('an unknown email → 401 code 82 EmailNotRegistered', async () => {
    const response = await login({ username: 'nobody@example.com', password: 'Secret1234' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      message: expect.any(String),
      error: { code: 82, name: 'EmailNotRegistered' },
    });
  });

  it('an unverified account with the right password → 403 code 8, no session', async () => {
    const response = await login({ username: 'unverified@example.com', password: 'Secret1234' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 8, name: 'AccountNotVerified' } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('a wrong password → 401 INVALID_CREDENTIALS', async () => {
    const response = await login({ username: 'owner@example.com', password: 'Wrong12345' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'INVALID_CREDENTIALS', name: 'InvalidEmailOrPassword' },
    });
    // The failure counter is reset by the next successful login, so later tests start clean.
    expect((await login({ username: 'owner@example.com', password: 'Secret1234' })).status).toBe(200);
  });

  it('an unverified account with a wrong password → 401, not a hint that it exists unverified', async () => {
    const response = await login({ username: 'unverified@example.com', password: 'Wrong12345' });
    expect(response.status).toBe(401);
  });
});
