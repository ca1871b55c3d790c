import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import {
  authorizeUrl,
  authorizeWithConsent,
  navigate,
  postToken,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

let server: TestServer;
let owner: UserRecord;
let app: TestClient;
let machine: TestClient;
let ownerCookie: string;
let memberCookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  await createUser(server, { email: 'member@example.com', groupOfEmail: 'owner@example.com' });
  app = await registerClient(server, owner, {
    grantType: 'authorization_code',
    applicationName: 'Care App',
    redirectUris: [REDIRECT_URI, 'https://client.example/other?keep=1'],
  });
  machine = await registerClient(server, owner, { grantType: 'client_credentials' });
  ownerCookie = await loginCookie(server, 'owner@example.com');
  memberCookie = await loginCookie(server, 'member@example.com');
});
afterAll(() => server.close());

describe('GET /api/oauth/authorize', () => {
  it('sends a visitor without a session to the login page, coming back to this very request', async () => {
    const url = await authorizeUrl(server, { client: app, scope: 'user:read', state: 's1' });
    const { status, location } = await navigate(url);
    expect(status).toBe(302);
    const login = new URL(location!, server.url);
    expect(login.pathname).toBe('/pages/login');
    const returnTo = login.searchParams.get('return_to')!;
    expect(returnTo).toBe(url.slice(server.url.length));

    // The login page accepts it as a same-origin relative path (no open redirect involved).
    const loggedIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@example.com', password: 'Secret1234', return_to: returnTo }),
    });
    expect((await loggedIn.json()).redirect).toBe(returnTo);
  });

  it('remembers consent: the same scopes skip the page, new scopes ask again, then the union is remembered', async () => {
    const first = await authorizeWithConsent(server, memberCookie, { client: app, scope: 'user:read', state: 'a' });
    expect(first.searchParams.get('code')).toBeTruthy();
    expect(first.searchParams.get('state')).toBe('a');

    const again = await navigate(
      await authorizeUrl(server, { client: app, scope: 'user:read', state: 'b' }),
      memberCookie,
    );
    const direct = new URL(again.location!);
    expect(`${direct.origin}${direct.pathname}`).toBe(REDIRECT_URI);
    expect(direct.searchParams.get('code')).toBeTruthy();
    expect(direct.searchParams.get('state')).toBe('b');

    const wider = await navigate(
      await authorizeUrl(server, { client: app, scope: 'user:read alert:read' }),
      memberCookie,
    );
    expect(wider.location).toMatch(/^\/pages\/consent\?/);
    expect(new URL(wider.location!, server.url).searchParams.get('scope')).toBe('user:read alert:read');
    await authorizeWithConsent(server, memberCookie, { client: app, scope: 'alert:read' });

    const covered = await navigate(
      await authorizeUrl(server, { client: app, scope: 'alert:read user:read' }),
      memberCookie,
    );
    expect(covered.location).toMatch(/^https:\/\/client\.example\/callback\?code=/);
  });

  it('redirects only to an exactly registered URI: anything else shows our error page', async () => {
    for (const redirectUri of [
      'https://evil.example/callback',
      'https://client.example/callback/',
      'https://client.example/callback?x=1',
      'https://CLIENT.example/callback',
      'http://client.example/callback',
    ]) {
      for (const cookie of [ownerCookie, undefined]) {
        const { status, location } = await navigate(
          await authorizeUrl(server, { client: app, scope: 'user:read', redirectUri }),
          cookie,
        );
        expect(status).toBe(302);
        expect(location).toBe('/pages/error?error=invalid_request&error_description=invalid_redirect_uri');
      }
    }
    const missing = new URL(await authorizeUrl(server, { client: app, scope: 'user:read' }));
    missing.searchParams.delete('redirect_uri');
    expect((await navigate(missing.toString(), ownerCookie)).location).toMatch(/invalid_redirect_uri$/);
  });

  it('keeps the registered URI’s own query when redirecting', async () => {
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: app,
      scope: 'user:read',
      redirectUri: 'https://client.example/other?keep=1',
    });
    expect(callback.searchParams.get('keep')).toBe('1');
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('shows the error page for an unknown client, a client_credentials client, or a repeated parameter', async () => {
    const unknown = new URL(await authorizeUrl(server, { client: app, scope: 'user:read' }));
    unknown.searchParams.set('client_id', 'nope');
    expect((await navigate(unknown.toString(), ownerCookie)).location).toMatch(/error_description=invalid_client$/);

    const wrongKind = await navigate(await authorizeUrl(server, { client: machine, scope: 'user:read' }), ownerCookie);
    expect(wrongKind.location).toMatch(/error_description=invalid_client$/);

    const repeated = `${await authorizeUrl(server, { client: app, scope: 'user:read' })}&scope=camera:read`;
    expect((await navigate(repeated, ownerCookie)).location).toMatch(/error_description=invalid_request$/);
  });

  it.each([
    ['camera:write skeleton:write', 'member'],
    ['internal:read', 'owner'],
    ['alexa:read', 'owner'],
    ['bogus:read', 'owner'],
    ['', 'owner'],
  ])('scope %j for the %s → invalid_scope back at the client, with state', async (scope, who) => {
    const cookie = who === 'owner' ? ownerCookie : memberCookie;
    const { location } = await navigate(await authorizeUrl(server, { client: app, scope, state: 'st' }), cookie);
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('narrows a secondary user’s owner-only write to read instead of refusing it', async () => {
    const callback = await authorizeWithConsent(server, memberCookie, {
      client: app,
      scope: 'camera:write',
      state: 'nw',
    });
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe('nw');
  });

  it('lets a group owner ask for owner-only writes', async () => {
    const callback = await authorizeWithConsent(server, ownerCookie, { client: app, scope: 'camera:write room:write' });
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('answers unsupported_response_type and a non-S256 PKCE method at the client', async () => {
    const token = await navigate(
      await authorizeUrl(server, { client: app, scope: 'user:read', extra: { response_type: 'token' } }),
      ownerCookie,
    );
    expect(new URL(token.location!).searchParams.get('error')).toBe('unsupported_response_type');
    const plain = await navigate(
      await authorizeUrl(server, {
        client: app,
        scope: 'user:read',
        extra: { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
      }),
      ownerCookie,
    );
    expect(new URL(plain.location!).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('GET /api/consent', () => {
  it('needs a session, and sends the visitor to log in and back to the consent page, not to Accept', async () => {
    const { location: page } = await navigate(
      await authorizeUrl(server, { client: app, scope: 'person:read' }),
      ownerCookie,
    );
    const accept = new URL(page!, server.url);
    accept.pathname = '/api/consent';
    const { location } = await navigate(accept.toString());
    // After logging in the person sees the consent page again, for the same pending request, before anything is granted.
    const returnTo = new URL(location!, server.url).searchParams.get('return_to')!;
    expect(returnTo).toBe(page);
    const loggedIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@example.com', password: 'Secret1234', return_to: returnTo }),
    });
    expect((await loggedIn.json()).redirect).toBe(page);
  });

  it('is never where a login returns to: a link to the login page cannot grant consent', async () => {
    const url = await authorizeUrl(server, { client: app, scope: 'person:read' });
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: ownerCookie },
      body: JSON.stringify({ return_to: `/api/consent${new URL(url).search}` }),
    });
    expect(await response.json()).toEqual({ success: true, redirect: '/pages/main' });
  });

  it('refuses a consent navigation that another site started', async () => {
    const url = await authorizeUrl(server, { client: app, scope: 'person:read' });
    for (const site of ['cross-site', 'same-site', 'none']) {
      const { location } = await navigate(`${server.url}/api/consent${new URL(url).search}`, ownerCookie, {
        'sec-fetch-site': site,
      });
      expect(location).toBe('/pages/error?error=invalid_request&error_description=invalid_request');
    }
  });

  it('never takes the request from the URL: without the handle of a stored request, or with a tampered one, no code', async () => {
    const spec = (scope: string) =>
      `${server.url}/api/consent?${new URLSearchParams({ client_id: app.client.clientId, redirect_uri: REDIRECT_URI, scope, response_type: 'code' })}`;
    expect((await navigate(spec('user:read'), ownerCookie)).location).toBe(
      '/pages/error?error=invalid_request&error_description=unknown_authorization_request',
    );
    const asked = await navigate(await authorizeUrl(server, { client: app, scope: 'room:read' }), memberCookie);
    const tampered = new URL(asked.location!, server.url);
    tampered.searchParams.set('redirect_uri', 'https://evil.example/');
    expect((await navigate(`${server.url}/api/consent${tampered.search}`, memberCookie)).location).toMatch(
      /^\/pages\/error\?/,
    );
  });

  it('accepts the Alexa Together navigation (spec parameters plus the handle) and keeps the tracking id with the consent', async () => {
    const asked = await navigate(
      await authorizeUrl(server, { client: app, scope: 'alexa:write', extra: { tracking_id: 'trk-42' } }),
      ownerCookie,
    );
    const page = new URL(asked.location!, server.url).searchParams;
    const query = new URLSearchParams({ request: page.get('request')! });
    for (const name of ['scope', 'client_id', 'tracking_id', 'response_type', 'redirect_uri', 'application_name']) {
      query.set(name, page.get(name)!);
    }
    const { location } = await navigate(`${server.url}/api/consent?${query}`, ownerCookie);
    const callback = new URL(location!);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBeNull();
    const consent = await server.db
      .selectFrom('oauth_consents')
      .selectAll()
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(consent.tracking_id).toBe('trk-42');
    expect(consent.scope.split(' ')).toContain('alexa:write');

    // Without PKCE the code needs the client's secret.
    const response = await postToken(server, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: app.client.clientId,
      client_secret: app.secret,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).scope).toBe('alexa:write');
  });
});

describe('consent Cancel through GET /api/logout', () => {
  const denial = (extra: Record<string, string>) =>
    `${server.url}/api/logout?${new URLSearchParams({
      error: 'access_denied',
      error_description: 'user denied authorization request',
      application_name: 'Care App',
      ...extra,
    })}`;

  it('tells a registered client at its exact redirect URI, with state, and ends the session', async () => {
    const cookie = await loginCookie(server, 'member@example.com');
    const response = await fetch(denial({ client_id: app.client.clientId, redirect_uri: REDIRECT_URI, state: 'xyz' }), {
      redirect: 'manual',
      headers: { cookie, 'sec-fetch-mode': 'navigate' },
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'user denied authorization request',
      state: 'xyz',
      iss: server.config.oauth.issuer,
    });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('sid=;'))).toBe(true);
    expect((await fetch(`${server.url}/api/session`, { headers: { cookie } })).status).toBe(401);
  });

  // Consent Cancel comes from a signed-in user's consent page. Without a session the link is someone else's making,
  // and following it would make the portal's address a redirector to whatever URI a developer registered.
  it('keeps the logout page for a link opened without a session, even naming a registered pair', async () => {
    const { status, location } = await navigate(denial({ client_id: app.client.clientId, redirect_uri: REDIRECT_URI }));
    expect(status).toBe(303);
    expect(location).toMatch(/^\/pages\/logout\?error=access_denied/);
  });

  it('keeps the logout page for an unregistered pair or no client at all', async () => {
    const cases: Record<string, string>[] = [
      { client_id: app.client.clientId, redirect_uri: 'https://evil.example/' },
      { client_id: 'nope', redirect_uri: REDIRECT_URI },
      {},
    ];
    for (const extra of cases) {
      const { status, location } = await navigate(denial(extra));
      expect(status).toBe(303);
      expect(location).toMatch(/^\/pages\/logout\?error=access_denied/);
    }
  });
});

describe('a code is bound to its client', () => {
  it('cannot be redeemed by another client', async () => {
    const other = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Other App',
    });
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, ownerCookie, { client: app, scope: 'user:read', codeVerifier });
    const response = await postToken(server, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: codeVerifier,
      client_id: other.client.clientId,
      client_secret: other.secret,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_grant');
  });
});
