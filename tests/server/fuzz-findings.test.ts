import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, isErrorName } from '#shared-domain/error-catalogue.ts';
import { createUser, loginCookie, startTestServer, type TestServer } from '../support/server.ts';

/**
 * What fuzzing every route found (tests/server/fuzz.test.ts), each pinned by the request that showed it, so the fix
 * stays whatever seed the fuzz run draws.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  await createUser(server, { email: 'findings@example.com', apiAccess: true, owner: true });
  cookie = await loginCookie(server, 'findings@example.com');
});

afterAll(async () => {
  await server?.close();
});

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { origin: server.config.publicOrigin, cookie, ...extra };
}

/** A refusal's name is its identity: its status and code are the catalogue's (decision 0016). */
function expectCatalogueRefusal(response: { statusCode: number; json(): any }, name: string): void {
  const body = response.json();
  expect(body.error.name).toBe(name);
  expect(isErrorName(body.error.name)).toBe(true);
  const entry = ERROR_CATALOGUE[body.error.name as keyof typeof ERROR_CATALOGUE];
  expect(response.statusCode).toBe(entry.status);
  expect(body.error.code).toBe(entry.code);
}

describe('path parameters as long as their contract allows reach the route', () => {
  it('a 200-character client_uid (the contract allows 200) is judged by the route, not lost in the router', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/alert_forwarding_config/${'x'.repeat(200)}`,
      headers: headers(),
    });
    // No credential has this id: the route's own answer, where the router used to say 404 (or 414 on other methods).
    expectCatalogueRefusal(response, 'ClientNotFound');
  });

  it('a device session id one past its limit is the documented ValidationError', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/deviceSessions/revoke/${'x'.repeat(101)}`,
      headers: headers(),
    });
    expectCatalogueRefusal(response, 'ValidationError');
  });
});

describe("Fastify's own refusals keep the catalogue's status for their name", () => {
  it('an address longer than any parameter may be is UriTooLong, 414', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/client_credentials/${'x'.repeat(5000)}`,
      headers: headers(),
    });
    expectCatalogueRefusal(response, 'UriTooLong');
  });

  it('a path the file server refuses under /api is a BadRequest with 400, not 403', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/${'x'.repeat(5000)}` });
    expectCatalogueRefusal(response, 'BadRequest');
  });

  it('a failed precondition and an unsatisfiable range on a file of the build have names of their own', async () => {
    const asset = readdirSync(`${server.config.staticDir}/assets`).find((file) => file.endsWith('.js'));
    const precondition = await server.app.inject({
      method: 'GET',
      url: `/assets/${asset}`,
      headers: { 'if-match': '"another"' },
    });
    expectCatalogueRefusal(precondition, 'PreconditionFailed');
    const range = await server.app.inject({ method: 'GET', url: `/assets/${asset}`, headers: { range: 'bytes=5-1' } });
    expectCatalogueRefusal(range, 'RangeNotSatisfiable');
  });
});

describe('a language named like a property every object has', () => {
  // The locale table was read by plain indexing, so `constructor` found Object's constructor: a 500 on every route
  // that takes a language (sign-up, invitations, recovery, the verification resend).
  it.each(['constructor', '__proto__', 'toString'])('%s is an unknown language, never a 500', async (language) => {
    const recover = await server.app.inject({
      method: 'GET',
      url: `/api/password/recover?email=findings%40example.com&language=${language}`,
    });
    expect(recover.statusCode).toBe(200);
    const invite = await server.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: headers({ 'content-type': 'application/json' }),
      payload: JSON.stringify({ email: `invited-${language.replace(/_/g, '')}@example.com`, language }),
    });
    expect(invite.statusCode).toBe(200);
  });
});

describe('a NUL character in any field', () => {
  // PostgreSQL cannot hold U+0000 in text: every query naming such a value failed, a 500 on every route that looks a
  // value up (ids in the path, the login's username, ...). SQLite stored it; now both refuse it at the contract.
  it('in a path parameter is the contract ValidationError for that parameter', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/alert_forwarding_config/%00',
      headers: headers(),
    });
    expectCatalogueRefusal(response, 'ValidationError');
    expect(response.json().error.data).toMatchObject({ field: 'client_uid', problem: 'invalid' });
  });

  it('in a JSON body, however deep, names the top-level field', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: headers({ 'content-type': 'application/json' }),
      payload: JSON.stringify({ username: 'a\u0000@example.com', password: 'Secret1234' }),
    });
    expectCatalogueRefusal(login, 'ValidationError');
    expect(login.json().error.data).toMatchObject({ field: 'username', problem: 'invalid' });
    const grant = await server.app.inject({
      method: 'POST',
      url: '/api/client_grant',
      headers: headers({ 'content-type': 'application/json' }),
      payload: JSON.stringify({ grant_type: 'authorization_code', redirect_uris: ['https://a.example/\u0000'] }),
    });
    expectCatalogueRefusal(grant, 'ValidationError');
    expect(grant.json().error.data.field).toBe('redirect_uris');
  });

  it('in a query parameter', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/signup/verify/check?username=%00' });
    expectCatalogueRefusal(response, 'ValidationError');
    expect(response.json().error.data.field).toBe('username');
  });

  it('in the OAuth endpoints, which judge their own form fields, is never a 500', async () => {
    const basic = `Basic ${Buffer.from('client\u0000:secret').toString('base64')}`;
    for (const [body, authorization] of [
      ['grant_type=client_credentials&client_id=%00&client_secret=x', undefined],
      ['grant_type=client_credentials', basic],
      ['grant_type=refresh_token&refresh_token=%00', basic],
    ] as const) {
      const token = await server.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        payload: body,
      });
      expect(token.statusCode, body).toBeLessThan(500);
      expect(token.statusCode, body).toBeGreaterThanOrEqual(400);
    }
    const authorize = await server.app.inject({
      method: 'GET',
      url: '/api/oauth/authorize?response_type=code&client_id=%00&redirect_uri=https%3A%2F%2Fa.example%2F',
      headers: { cookie },
    });
    expect(authorize.statusCode).toBeLessThan(500);
  });
});
