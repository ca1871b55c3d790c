import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import {
  authorizeUrl,
  authorizeWithConsent,
  discover,
  insecure,
  navigate,
  postToken,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
  tokensThroughConsent,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from '../support/server.ts';

let server: TestServer;
let as: oauth.AuthorizationServer;
let developer: UserRecord;
let care: TestClient;
let other: TestClient;
let shared: TestClient;
let ownerOnly: TestClient;
let ownerCookie: string;
let memberCookie: string;
let miaCookie: string;
let outsiderCookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  developer = await createUser(server, { email: 'dev@example.com', owner: true, apiAccess: true });
  care = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Care App' });
  other = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Other App' });
  shared = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Shared App' });
  ownerOnly = await registerClient(server, developer, {
    grantType: 'authorization_code',
    applicationName: 'Owner Only App',
  });
  await createUser(server, { email: 'owner@example.com', name: 'Olivia Owner', owner: true });
  await createUser(server, { email: 'member@example.com', name: 'Max Member', groupOfEmail: 'owner@example.com' });
  await createUser(server, { email: 'mia@example.com', name: 'Mia Member', groupOfEmail: 'owner@example.com' });
  await createUser(server, { email: 'outsider@example.com', name: 'Oscar', owner: true });
  as = await discover(server);
  ownerCookie = await loginCookie(server, 'owner@example.com');
  memberCookie = await loginCookie(server, 'member@example.com');
  miaCookie = await loginCookie(server, 'mia@example.com');
  outsiderCookie = await loginCookie(server, 'outsider@example.com');
});
afterAll(() => server.close());

const tokensFor = (cookie: string, client: TestClient, scope: string) =>
  tokensThroughConsent(server, as, cookie, client, scope);

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return (await oauth.processIntrospectionResponse(as, client.oauthClient, response)).active;
}

function apps(cookie: string) {
  return fetch(`${server.url}/api/authorized_apps`, { headers: { cookie } });
}

async function appsOf(cookie: string): Promise<Array<Record<string, unknown>>> {
  return (await (await apps(cookie)).json()).data.authorized_apps.array;
}

function revoke(cookie: string, clientId: string) {
  return fetch(`${server.url}/api/consent/revoke`, {
    method: 'PUT',
    headers: sameOrigin(server, { cookie }),
    body: JSON.stringify({ client_id: clientId }),
  });
}

/** Exchanges a code the authorize journey left at the redirect URI; the status says whether it still counted. */
async function redeem(client: TestClient, callback: URL): Promise<number> {
  const response = await postToken(server, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: client.client.clientId,
    client_secret: client.secret,
  });
  return response.status;
}

async function refreshStatus(client: TestClient, refreshToken: string): Promise<number> {
  return (await oauth.refreshTokenGrantRequest(as, client.oauthClient, client.auth, refreshToken, insecure)).status;
}

/** Whether the authorize journey stops at the consent page (the user's consent is gone) or goes straight back. */
async function asksConsent(cookie: string, client: TestClient): Promise<boolean> {
  const asked = await navigate(await authorizeUrl(server, { client, scope: 'user:read' }), cookie);
  return asked.location!.startsWith('/pages/consent?');
}

describe('authorized applications', () => {
  it('lists each application the account consented to, with who, when, the union of scopes and who may remove it', async () => {
    const before = Date.now();
    await tokensFor(ownerCookie, care, 'camera:write user:read');
    await tokensFor(memberCookie, care, 'alert:read');
    await tokensFor(outsiderCookie, other, 'user:read');

    const response = await apps(memberCookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    const row = {
      client_id: care.client.clientId,
      application_name: 'Care App',
      consented_by: ['Olivia Owner', 'Max Member'],
      consented_at: expect.any(Number),
      allowed_scope: 'user:read camera:write alert:read',
    };
    // The member consented: they may withdraw their own consent, not the owner's.
    expect(body).toEqual({
      success: true,
      data: { authorized_apps: { array: [{ ...row, removable: true, removes: 'own' }] } },
    });
    expect(body.data.authorized_apps.array[0].consented_at).toBeGreaterThanOrEqual(before);
    expect(await appsOf(ownerCookie)).toEqual([{ ...row, removable: true, removes: 'account' }]);
    // Mia is in the account but never consented: nothing of hers to remove.
    expect(await appsOf(miaCookie)).toEqual([{ ...row, removable: false, removes: 'own' }]);
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

  it("the owner's removal revokes every token of the app for the account at once, a secondary user's too", async () => {
    const ownerTokens = await tokensFor(ownerCookie, care, 'user:read');
    const memberTokens = await tokensFor(memberCookie, care, 'alert:read');
    const outsiderTokens = await tokensFor(outsiderCookie, care, 'user:read');
    // A code issued just before removal must not outlive it either, whoever it was issued to.
    const pendingOwner = await authorizeWithConsent(server, ownerCookie, { client: care, scope: 'user:read' });
    const pendingMember = await authorizeWithConsent(server, memberCookie, { client: care, scope: 'alert:read' });

    const response = await revoke(ownerCookie, care.client.clientId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { authorized_app: null } });

    expect(await introspect(care, ownerTokens.access_token)).toBe(false);
    expect(await introspect(care, memberTokens.access_token)).toBe(false);
    for (const refreshToken of [ownerTokens.refresh_token!, memberTokens.refresh_token!]) {
      const refreshed = await oauth.refreshTokenGrantRequest(as, care.oauthClient, care.auth, refreshToken, insecure);
      expect(refreshed.status).toBe(400);
      expect((await refreshed.json()).error).toBe('invalid_grant');
    }
    expect(await redeem(care, pendingOwner)).toBe(400);
    expect(await redeem(care, pendingMember)).toBe(400);

    // Another account's grant of the same app is untouched.
    expect(await introspect(care, outsiderTokens.access_token)).toBe(true);
    const outsiderApps = await appsOf(outsiderCookie);
    expect(outsiderApps.map((a) => a.application_name).sort()).toEqual(['Care App', 'Other App']);

    expect(await appsOf(ownerCookie)).toEqual([]);
    expect(await appsOf(memberCookie)).toEqual([]);
    expect(await asksConsent(ownerCookie, care)).toBe(true);
    expect(await asksConsent(memberCookie, care)).toBe(true);
  });

  it("a secondary user's removal withdraws only their own consent, codes and tokens; others keep theirs", async () => {
    const ownerTokens = await tokensFor(ownerCookie, shared, 'user:read');
    const memberTokens = await tokensFor(memberCookie, shared, 'alert:read');
    const miaTokens = await tokensFor(miaCookie, shared, 'user:read');
    const pendingMember = await authorizeWithConsent(server, memberCookie, { client: shared, scope: 'alert:read' });
    const pendingMia = await authorizeWithConsent(server, miaCookie, { client: shared, scope: 'user:read' });

    const response = await revoke(memberCookie, shared.client.clientId);
    expect(response.status).toBe(200);

    expect(await introspect(shared, ownerTokens.access_token)).toBe(true);
    expect(await introspect(shared, miaTokens.access_token)).toBe(true);
    expect(await redeem(shared, pendingMia)).toBe(200);
    expect(await refreshStatus(shared, ownerTokens.refresh_token!)).toBe(200);
    expect(await asksConsent(ownerCookie, shared)).toBe(false);
    expect(await asksConsent(miaCookie, shared)).toBe(false);

    expect(await introspect(shared, memberTokens.access_token)).toBe(false);
    expect(await refreshStatus(shared, memberTokens.refresh_token!)).toBe(400);
    expect(await redeem(shared, pendingMember)).toBe(400);
    expect(await asksConsent(memberCookie, shared)).toBe(true);

    const remaining = {
      client_id: shared.client.clientId,
      application_name: 'Shared App',
      consented_by: ['Olivia Owner', 'Mia Member'],
      consented_at: expect.any(Number),
      allowed_scope: 'user:read',
    };
    // What the member now sees: the others still have it, and nothing of it is the member's to remove.
    expect(await response.json()).toEqual({
      success: true,
      data: { authorized_app: { ...remaining, removable: false, removes: 'own' } },
    });
    expect(await appsOf(ownerCookie)).toEqual([{ ...remaining, removable: true, removes: 'account' }]);
  });

  it('refuses a secondary user the removal of an application they never consented to, and changes nothing', async () => {
    const ownerTokens = await tokensFor(ownerCookie, ownerOnly, 'user:read');
    const pendingOwner = await authorizeWithConsent(server, ownerCookie, { client: ownerOnly, scope: 'user:read' });
    const ownerListBefore = await appsOf(ownerCookie);
    const miaListBefore = await appsOf(miaCookie);

    const response = await revoke(miaCookie, ownerOnly.client.clientId);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_YOUR_CONSENT', name: 'NotYourConsent' },
    });

    expect(await introspect(ownerOnly, ownerTokens.access_token)).toBe(true);
    expect(await appsOf(ownerCookie)).toEqual(ownerListBefore);
    expect(await appsOf(miaCookie)).toEqual(miaListBefore);
    expect(await redeem(ownerOnly, pendingOwner)).toBe(200);
    expect(await asksConsent(ownerCookie, ownerOnly)).toBe(false);
    // The page knew beforehand: the row said it was not Mia's to remove.
    expect(miaListBefore.find((a) => a.client_id === ownerOnly.client.clientId)).toMatchObject({ removable: false });
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
