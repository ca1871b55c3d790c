import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../server/modules/users/users.repository.ts';
import {
  authorizeUrl,
  authorizeWithConsent,
  discover,
  insecure,
  navigate,
  REDIRECT_URI,
  postToken,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from '../support/server.ts';

let server: TestServer;
let as: oauth.AuthorizationServer;
let developer: UserRecord;
let care: TestClient;
let other: TestClient;
let ownerCookie: string;
let memberCookie: string;
let outsiderCookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  developer = await createUser(server, { email: 'dev@example.com', owner: true, apiAccess: true });
  care = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Care App' });
  other = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Other App' });
  await createUser(server, { email: 'owner@example.com', name: 'Olivia Owner', owner: true });
  await createUser(server, { email: 'member@example.com', name: 'Max Member', groupOfEmail: 'owner@example.com' });
  await createUser(server, { email: 'outsider@example.com', name: 'Oscar', owner: true });
  as = await discover(server);
  ownerCookie = await loginCookie(server, 'owner@example.com');
  memberCookie = await loginCookie(server, 'member@example.com');
  outsiderCookie = await loginCookie(server, 'outsider@example.com');
});
afterAll(() => server.close());

async function tokensFor(cookie: string, client: TestClient, scope: string) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const callback = await authorizeWithConsent(server, cookie, { client, scope, codeVerifier });
  const params = oauth.validateAuthResponse(as, client.oauthClient, callback, oauth.expectNoState);
  const response = await oauth.authorizationCodeGrantRequest(as, client.oauthClient, client.auth, params, REDIRECT_URI, codeVerifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client.oauthClient, response);
}

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return (await oauth.processIntrospectionResponse(as, client.oauthClient, response)).active;
}

function apps(cookie: string) {
  return fetch(`${server.url}/api/authorized_apps`, { headers: { cookie } });
}

function revoke(cookie: string, clientId: string) {
  return fetch(`${server.url}/api/consent/revoke`, {
    method: 'PUT',
    headers: sameOrigin(server, { cookie }),
    body: JSON.stringify({ client_id: clientId }),
  });
}

describe('authorized applications', () => {
  it('lists each application the account consented to, with who, when and the union of scopes', async () => {
    const before = Date.now();
    await tokensFor(ownerCookie, care, 'camera:write user:read');
    await tokensFor(memberCookie, care, 'alert:read');
    await tokensFor(outsiderCookie, other, 'user:read');

    const response = await apps(memberCookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      data: {
        authorized_apps: {
          array: [
            {
              client_id: care.client.clientId,
              application_name: 'Care App',
              consented_by: ['Olivia Owner', 'Max Member'],
              consented_at: expect.any(Number),
              allowed_scope: 'user:read camera:write alert:read',
            },
          ],
        },
      },
    });
    expect(body.data.authorized_apps.array[0].consented_at).toBeGreaterThanOrEqual(before);
  });

  it('needs a session', async () => {
    expect((await fetch(`${server.url}/api/authorized_apps`)).status).toBe(401);
    const response = await fetch(`${server.url}/api/consent/revoke`, {
      method: 'PUT',
      headers: sameOrigin(server),
      body: JSON.stringify({ client_id: care.client.clientId }),
    });
    expect(response.status).toBe(401);
  });

  it('removal revokes every token of the app for the account at once and asks for consent again', async () => {
    const ownerTokens = await tokensFor(ownerCookie, care, 'user:read');
    const memberTokens = await tokensFor(memberCookie, care, 'alert:read');
    const outsiderTokens = await tokensFor(outsiderCookie, care, 'user:read');
    // A code issued just before removal must not outlive it either.
    const pending = await authorizeWithConsent(server, ownerCookie, { client: care, scope: 'user:read' });

    const response = await revoke(memberCookie, care.client.clientId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    expect(await introspect(care, ownerTokens.access_token)).toBe(false);
    expect(await introspect(care, memberTokens.access_token)).toBe(false);
    for (const refreshToken of [ownerTokens.refresh_token!, memberTokens.refresh_token!]) {
      const refreshed = await oauth.refreshTokenGrantRequest(as, care.oauthClient, care.auth, refreshToken, insecure);
      expect(refreshed.status).toBe(400);
      expect((await refreshed.json()).error).toBe('invalid_grant');
    }
    const redeemed = await postToken(server, {
      grant_type: 'authorization_code',
      code: pending.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: care.client.clientId,
      client_secret: care.secret,
    });
    expect(redeemed.status).toBe(400);

    // Another account's grant of the same app is untouched.
    expect(await introspect(care, outsiderTokens.access_token)).toBe(true);
    const outsiderApps = (await (await apps(outsiderCookie)).json()).data.authorized_apps.array;
    expect(outsiderApps.map((a: { application_name: string }) => a.application_name).sort()).toEqual(['Care App', 'Other App']);

    expect((await (await apps(ownerCookie)).json()).data.authorized_apps.array).toEqual([]);
    const asked = await navigate(await authorizeUrl(server, { client: care, scope: 'user:read' }), ownerCookie);
    expect(asked.location).toMatch(/^\/pages\/consent\?/);
  });

  it('answers 404 for an unknown client and 400 for a malformed body', async () => {
    const unknown = await revoke(ownerCookie, 'nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const malformed = await fetch(`${server.url}/api/consent/revoke`, {
      method: 'PUT',
      headers: sameOrigin(server, { cookie: ownerCookie }),
      body: JSON.stringify({}),
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses a cross-origin removal (same-origin check)', async () => {
    const response = await fetch(`${server.url}/api/consent/revoke`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: ownerCookie },
      body: JSON.stringify({ client_id: other.client.clientId }),
    });
    expect(response.status).toBe(403);
  });
});
