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
