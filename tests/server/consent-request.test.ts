import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import {
  type AuthorizeRequest,
  authorizeUrl,
  navigate,
  postToken,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

// The consent page shows, and its Accept grants, the authorization request the server stored: never what the page's
// query says. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
let server: TestServer;
let developer: UserRecord;
let care: TestClient;
let evil: TestClient;
let ownerCookie: string;
let memberCookie: string;

const OTHER_URI = 'https://evil.example/cb';

beforeAll(async () => {
  server = await startOAuthTestServer();
  developer = await createUser(server, {
    email: 'dev@example.com',
    name: 'Dana Developer',
    owner: true,
    apiAccess: true,
  });
  const mallory = await createUser(server, {
    email: 'mallory@example.com',
    name: 'Mallory',
    owner: true,
    apiAccess: true,
  });
  care = await registerClient(server, developer, { grantType: 'authorization_code', applicationName: 'Care App' });
  evil = await registerClient(server, mallory, {
    grantType: 'authorization_code',
    applicationName: 'Camera Helper',
    redirectUris: [OTHER_URI],
  });
  await createUser(server, { email: 'owner@example.com', name: 'Olivia Owner', owner: true });
  await createUser(server, { email: 'member@example.com', name: 'Max Member', groupOfEmail: 'owner@example.com' });
  ownerCookie = await loginCookie(server, 'owner@example.com');
  memberCookie = await loginCookie(server, 'member@example.com');
});
afterAll(() => server.close());

/** GET /api/oauth/authorize as a logged-in user who has not consented yet: the consent page URL it redirects to. */
async function consentPage(cookie: string, request: AuthorizeRequest): Promise<URL> {
  const { location } = await navigate(await authorizeUrl(server, request), cookie);
  expect(location).toMatch(/^\/pages\/consent\?request=/);
  return new URL(location!, server.url);
}

/** What the consent page asks: the handle plus whatever else the page passes along. */
function details(cookie: string | null, query: Record<string, string>) {
  return fetch(`${server.url}/api/consent/request?${new URLSearchParams(query)}`, {
    headers: cookie ? { cookie } : {},
  });
}

/** The consent page's own call: its handle, client_id, redirect_uri and scope from its query. */
function detailsOf(cookie: string, page: URL) {
  const q = page.searchParams;
  return details(cookie, {
    request: q.get('request')!,
    client_id: q.get('client_id')!,
    redirect_uri: q.get('redirect_uri')!,
    scope: q.get('scope')!,
  });
}

/** Accept: a same-origin navigation to /api/consent with the query given. */
function accept(cookie: string, query: string) {
  return navigate(`${server.url}/api/consent?${query}`, cookie);
}

const hash = (handle: string) => createHash('sha256').update(handle).digest('hex');
const notFound = {
  success: false,
  message: expect.any(String),
  error: { code: 'CONSENT_REQUEST_NOT_FOUND', name: 'ConsentRequestNotFound' },
};
const UNKNOWN_REQUEST_PAGE = '/pages/error?error=invalid_request&error_description=unknown_authorization_request';

describe('GET /api/oauth/authorize stores the request the consent page answers', () => {
  it('redirects with a random handle first and keeps the spec’s parameters after it; only the handle’s hash is stored', async () => {
    const before = Date.now();
    const page = await consentPage(memberCookie, {
      client: care,
      scope: 'user:read alert:read',
      state: 's-1',
      extra: { tracking_id: 'trk-1' },
    });
    const handle = page.searchParams.get('request')!;
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      scope: 'user:read alert:read',
      application_name: 'Care App',
      client_id: care.client.clientId,
      redirect_uri: REDIRECT_URI,
      state: 's-1',
      response_type: 'code',
      tracking_id: 'trk-1',
    });
    const row = await server.db
      .selectFrom('oauth_authorization_requests')
      .selectAll()
      .where('handle_hash', '=', hash(handle))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      client_id: care.client.id,
      redirect_uri: REDIRECT_URI,
      scope: 'user:read alert:read',
      state: 's-1',
      tracking_id: 'trk-1',
      consumed_at: null,
    });
    expect(row.expires_at - row.created_at).toBe(10 * 60_000);
    expect(row.created_at).toBeGreaterThanOrEqual(before);
    const stored = JSON.stringify(await server.db.selectFrom('oauth_authorization_requests').selectAll().execute());
    expect(stored).not.toContain(handle);
  });
});

describe('GET /api/consent/request', () => {
  it('answers the registered name, its owner, the redirect host and the scope, whatever the page’s query says', async () => {
    const page = await consentPage(memberCookie, { client: care, scope: 'alexa:write person:read' });
    const response = await details(memberCookie, {
      request: page.searchParams.get('request')!,
      application_name: 'Official Portal Mobile App',
      scope: 'person:read alexa:write',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      success: true,
      data: {
        application_name: 'Care App',
        owner_name: 'Dana Developer',
        redirect_host: 'client.example',
        native: false,
        scope: 'alexa:write person:read',
        alexa: true,
      },
    });
  });

  it('shows the attacker’s own registration when a link renames its client “Official Portal Mobile App”', async () => {
    const page = await consentPage(ownerCookie, { client: evil, scope: 'camera:write', redirectUri: OTHER_URI });
    page.searchParams.set('application_name', 'Official Portal Mobile App');
    const response = await detailsOf(ownerCookie, page);
    expect((await response.json()).data).toEqual({
      application_name: 'Camera Helper',
      owner_name: 'Mallory',
      redirect_host: 'evil.example',
      native: false,
      scope: 'camera:write',
      alexa: false,
    });
  });

  it('answers one 404 for a missing, malformed, forged, another user’s, expired or answered handle', async () => {
    const mine = await consentPage(memberCookie, { client: care, scope: 'user:read' });
    const theirs = await consentPage(ownerCookie, { client: care, scope: 'user:read' });
    const expired = await consentPage(memberCookie, { client: care, scope: 'room:read' });
    await server.db
      .updateTable('oauth_authorization_requests')
      .set({ expires_at: Date.now() - 1 })
      .where('handle_hash', '=', hash(expired.searchParams.get('request')!))
      .execute();
    const answered = await consentPage(memberCookie, { client: care, scope: 'person:read' });
    expect((await accept(memberCookie, answered.search.slice(1))).location).toMatch(
      /^https:\/\/client\.example\/callback\?code=/,
    );

    expect((await detailsOf(memberCookie, mine)).status).toBe(200);
    for (const request of [
      undefined,
      'short',
      'A'.repeat(43),
      theirs.searchParams.get('request')!,
      expired.searchParams.get('request')!,
      answered.searchParams.get('request')!,
    ]) {
      const response = await details(memberCookie, request === undefined ? {} : { request });
      expect(response.status, String(request)).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it('answers 404, and Accept the error page, once the client no longer registers the request’s redirect URI', async () => {
    const moving = await registerClient(server, developer, {
      grantType: 'authorization_code',
      applicationName: 'Moving App',
    });
    const page = await consentPage(memberCookie, { client: moving, scope: 'user:read' });
    await server.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify(['https://client.example/elsewhere']) })
      .where('id', '=', moving.client.id)
      .execute();
    expect((await detailsOf(memberCookie, page)).status).toBe(404);
    expect((await accept(memberCookie, page.search.slice(1))).location).toBe(UNKNOWN_REQUEST_PAGE);
  });

  it('answers 400 when the page’s client, redirect URI or scope is not the request’s', async () => {
    const page = await consentPage(memberCookie, { client: care, scope: 'user:read alert:read' });
    const request = page.searchParams.get('request')!;
    const wrongs: Array<Record<string, string>> = [
      { client_id: evil.client.clientId },
      { redirect_uri: OTHER_URI },
      { scope: 'user:read' },
      { scope: 'user:read alert:read camera:read' },
      { client_id: '' },
    ];
    for (const wrong of wrongs) {
      const response = await details(memberCookie, { request, ...wrong });
      expect(response.status, JSON.stringify(wrong)).toBe(400);
      expect((await response.json()).error).toEqual({
        code: 'CONSENT_REQUEST_MISMATCH',
        name: 'ConsentRequestMismatch',
      });
    }
    // The scope's order is not a difference.
    expect(
      (await details(memberCookie, { request, scope: 'alert:read user:read', client_id: care.client.clientId })).status,
    ).toBe(200);
  });

  it('needs a session, and refuses a repeated parameter as bad input', async () => {
    const page = await consentPage(memberCookie, { client: care, scope: 'user:read' });
    const response = await details(null, { request: page.searchParams.get('request')! });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('NO_SESSION');
    const repeated = await fetch(`${server.url}/api/consent/request?${page.searchParams.toString()}&request=x`, {
      headers: { cookie: memberCookie },
    });
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('narrows a pending owner-only write to read when its user is no longer the owner, and grants that', async () => {
    const demoted = await createUser(server, { email: 'otto@example.com', name: 'Otto', owner: true });
    const cookie = await loginCookie(server, 'otto@example.com');
    const page = await consentPage(cookie, { client: care, scope: 'camera:write', state: 'st-8' });
    await server.db.updateTable('users').set({ is_owner: 0 }).where('id', '=', demoted.id).execute();

    const response = await detailsOf(cookie, page);
    expect(response.status).toBe(200);
    expect((await response.json()).data.scope).toBe('camera:read');
    const back = new URL((await accept(cookie, page.search.slice(1))).location!);
    expect(back.searchParams.get('code')).toBeTruthy();
    const code = await server.db
      .selectFrom('oauth_authorization_codes')
      .select('scope')
      .where('code_hash', '=', hash(back.searchParams.get('code')!))
      .executeTakeFirstOrThrow();
    expect(code.scope).toBe('camera:read');
  });

  it('answers 403 when nothing of the scope is still within the client’s rights, and Accept then tells the client invalid_scope', async () => {
    const narrowed = await registerClient(server, developer, {
      grantType: 'authorization_code',
      applicationName: 'Shrinking App',
    });
    const page = await consentPage(ownerCookie, { client: narrowed, scope: 'camera:write', state: 'st-9' });
    await server.db
      .updateTable('oauth_clients')
      .set({ scope: 'user:read' })
      .where('id', '=', narrowed.client.id)
      .execute();
    const cookie = ownerCookie;

    const response = await detailsOf(cookie, page);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({
      code: 'CONSENT_SCOPE_NOT_ALLOWED',
      name: 'ConsentScopeNotAllowed',
    });
    const back = new URL((await accept(cookie, page.search.slice(1))).location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalid_scope', state: 'st-9' });
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('GET /api/consent grants the stored request only', () => {
  it('refuses a URL naming client B with client A’s handle; the handle alone grants A, never B', async () => {
    const page = await consentPage(memberCookie, { client: care, scope: 'user:read', state: 'for-care' });
    const forged = new URLSearchParams(page.searchParams);
    forged.set('client_id', evil.client.clientId);
    forged.set('redirect_uri', OTHER_URI);
    forged.set('application_name', 'Official Portal Mobile App');
    const refused = await accept(memberCookie, forged.toString());
    expect(refused.location).toBe(UNKNOWN_REQUEST_PAGE);

    // The handle alone is enough, and what it grants is the stored request: client A, its URI, state and scope.
    const granted = await accept(memberCookie, `request=${page.searchParams.get('request')}`);
    const callback = new URL(granted.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('for-care');
    const redeemed = await postToken(server, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: care.client.clientId,
      client_secret: care.secret,
    });
    expect(redeemed.status).toBe(200);
    expect((await redeemed.json()).scope).toBe('user:read');
    const evilCodes = await server.db
      .selectFrom('oauth_authorization_codes')
      .select('code_hash')
      .where('client_id', '=', evil.client.id)
      .execute();
    expect(evilCodes).toEqual([]);
  });

  it('shows the error page without a handle, with a forged one or with another user’s, and never issues a code', async () => {
    const theirs = await consentPage(ownerCookie, { client: care, scope: 'alert:read' });
    const codesBefore = (await server.db.selectFrom('oauth_authorization_codes').select('code_hash').execute()).length;
    const spec = new URLSearchParams({
      scope: 'alert:read',
      client_id: care.client.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      application_name: 'Care App',
    });
    for (const query of [spec.toString(), `request=${'B'.repeat(43)}&${spec}`, theirs.search.slice(1)]) {
      expect((await accept(memberCookie, query)).location).toBe(UNKNOWN_REQUEST_PAGE);
    }
    expect((await server.db.selectFrom('oauth_authorization_codes').select('code_hash').execute()).length).toBe(
      codesBefore,
    );
    // The owner's request is still theirs to answer.
    expect((await detailsOf(ownerCookie, theirs)).status).toBe(200);
  });

  it('grants once: the same handle a second time is the error page', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const page = await consentPage(memberCookie, { client: care, scope: 'skeleton:read', codeVerifier });
    const first = await accept(memberCookie, page.search.slice(1));
    expect(first.location).toMatch(/^https:\/\/client\.example\/callback\?code=/);
    expect((await accept(memberCookie, page.search.slice(1))).location).toBe(UNKNOWN_REQUEST_PAGE);
    // The stored PKCE challenge went with the code.
    const code = new URL(first.location!).searchParams.get('code')!;
    const withoutVerifier = await postToken(server, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: care.client.clientId,
    });
    expect(withoutVerifier.status).toBe(400);
  });

  it('keeps the stored tracking id with the consent (Alexa Together)', async () => {
    const page = await consentPage(ownerCookie, {
      client: care,
      scope: 'alexa:write',
      extra: { tracking_id: 'trk-42' },
    });
    const alexa = new URLSearchParams(page.searchParams);
    alexa.set('tracking_id', 'forged');
    const callback = new URL((await accept(ownerCookie, alexa.toString())).location!);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const owner = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    const consent = await server.db
      .selectFrom('oauth_consents')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('client_id', '=', care.client.id)
      .executeTakeFirstOrThrow();
    expect(consent.tracking_id).toBe('trk-42');
    expect(consent.scope.split(' ')).toContain('alexa:write');
  });
});

describe('Cancel with a handle', () => {
  const denial = (extra: Record<string, string>) =>
    `${server.url}/api/logout?${new URLSearchParams({ error: 'access_denied', error_description: 'user denied authorization request', application_name: 'Care App', ...extra })}`;

  it('tells the stored request’s client at its redirect URI with its state, whatever the URL names, and answers the request', async () => {
    const cookie = await loginCookie(server, 'member@example.com');
    const page = await consentPage(cookie, { client: care, scope: 'arn:read', state: 'stored-state' });
    const request = page.searchParams.get('request')!;
    const { status, location } = await navigate(
      denial({ request, client_id: evil.client.clientId, redirect_uri: OTHER_URI, state: 'forged' }),
      cookie,
    );
    expect(status).toBe(302);
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'user denied authorization request',
      state: 'stored-state',
      iss: server.config.oauth.issuer,
    });
    const row = await server.db
      .selectFrom('oauth_authorization_requests')
      .select('consumed_at')
      .where('handle_hash', '=', hash(request))
      .executeTakeFirstOrThrow();
    expect(row.consumed_at).not.toBeNull();
  });

  it('shows the logout page for another user’s or an unknown handle', async () => {
    const theirs = await consentPage(ownerCookie, { client: care, scope: 'room:read' });
    for (const request of [theirs.searchParams.get('request')!, 'C'.repeat(43)]) {
      const cookie = await loginCookie(server, 'member@example.com');
      const { status, location } = await navigate(
        denial({ request, client_id: care.client.clientId, redirect_uri: REDIRECT_URI }),
        cookie,
      );
      expect(status).toBe(303);
      expect(location).toMatch(/^\/pages\/logout\?error=access_denied/);
    }
    expect((await detailsOf(ownerCookie, theirs)).status).toBe(200);
  });
});
