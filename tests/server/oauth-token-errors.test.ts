import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeWithConsent,
  discover,
  insecure,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/** The error codes of RFC 6749 §5.2 and RFC 7009 §2 where a client library looks for them. */

function form(server: TestServer, path: string, client: TestClient | null, params: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...(client ? { client_id: client.client.clientId, client_secret: client.secret } : {}),
      ...params,
    }),
  });
}

describe('token, revocation and introspection error codes', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  let app: TestClient;
  let machine: TestClient;
  let cookie: string;

  beforeAll(async () => {
    server = await startOAuthTestServer();
    const owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
    app = await registerClient(server, owner, { grantType: 'authorization_code' });
    machine = await registerClient(server, owner, { grantType: 'client_credentials' });
    as = await discover(server);
    cookie = await loginCookie(server, 'owner@example.com');
  });
  afterAll(() => server.close());

  it.each([
    ['password', { username: 'owner@example.com', password: 'Secret1234' }],
    ['urn:ietf:params:oauth:grant-type:device_code', { device_code: 'x' }],
    ['implicit', {}],
  ])('answers grant_type=%s with unsupported_grant_type', async (grantType, extra) => {
    for (const client of [app, machine]) {
      const response = await form(server, '/api/oauth/token', client, { grant_type: grantType, ...extra });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    }
  });

  it('still answers a grant this server has but this client may not use with unauthorized_client', async () => {
    const response = await form(server, '/api/oauth/token', machine, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('unauthorized_client');
  });

  it('answers a redirect_uri that differs from the authorization request with invalid_grant', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, cookie, { client: app, scope: 'camera:read', codeVerifier });
    const response = await form(server, '/api/oauth/token', app, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: 'https://client.example/other',
      code_verifier: codeVerifier,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect(REDIRECT_URI).not.toBe('https://client.example/other');
  });

  it('answers a revocation without a token with 400 invalid_request', async () => {
    const response = await form(server, '/api/oauth/revoke', app, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  // RFC 7662 §2.1: token is REQUIRED; "inactive" would tell the resource server something untrue about no token at all.
  it('answers an introspection without a token with 400 invalid_request', async () => {
    const response = await form(server, '/api/oauth/introspect', app, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('answers a revocation with 200 and an empty JSON object, known token or not', async () => {
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      machine.oauthClient,
      await oauth.clientCredentialsGrantRequest(
        as,
        machine.oauthClient,
        machine.auth,
        { scope: 'camera:read' },
        insecure,
      ),
    );
    for (const token of [tokens.access_token, 'not-a-token-we-issued']) {
      const response = await form(server, '/api/oauth/revoke', machine, { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({});
    }
    const viaLibrary = await oauth.revocationRequest(
      as,
      machine.oauthClient,
      machine.auth,
      tokens.access_token,
      insecure,
    );
    await oauth.processRevocationResponse(viaLibrary);
  });
});

describe('the 429 answer of the token, revocation and introspection endpoints', () => {
  let server: TestServer;
  let machine: TestClient;

  beforeAll(async () => {
    server = await startOAuthTestServer({ RATE_LIMIT_TOKEN_PER_MINUTE: '1' });
    const owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
    machine = await registerClient(server, owner, { grantType: 'client_credentials' });
  });
  afterAll(() => server.close());

  it('carries Retry-After and temporarily_unavailable', async () => {
    const first = await form(server, '/api/oauth/token', machine, { grant_type: 'client_credentials' });
    expect(first.status).toBe(200);
    for (const [path, params] of [
      ['/api/oauth/token', { grant_type: 'client_credentials' }],
      ['/api/oauth/revoke', { token: 'x' }],
      ['/api/oauth/introspect', { token: 'x' }],
    ] as const) {
      const response = await form(server, path, machine, params);
      expect(response.status, path).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: `Too many requests; retry after ${retryAfter} seconds`,
      });
    }
  });
});
