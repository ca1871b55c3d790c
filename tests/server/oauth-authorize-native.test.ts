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

// Native apps (RFC 8252), the prompt parameter, a secondary user's narrowed scope and a missing response_type at
// GET /api/oauth/authorize, each followed to the token endpoint where it matters.
let server: TestServer;
let owner: UserRecord;
let web: TestClient;
let desktop: TestClient;
let mobile: TestClient;
let ownerCookie: string;
let memberCookie: string;

const LOOPBACK_V4 = 'http://127.0.0.1/callback';
const LOOPBACK_V6_PORT = 'http://[::1]:8400/callback';
const LOCALHOST = 'http://localhost:8400/callback';
const APP_SCHEME = 'com.example.care:/oauth2redirect';

beforeAll(async () => {
  server = await startOAuthTestServer();
  owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  await createUser(server, { email: 'member@example.com', groupOfEmail: 'owner@example.com' });
  web = await registerClient(server, owner, { grantType: 'authorization_code', applicationName: 'Web App' });
  desktop = await registerClient(server, owner, {
    grantType: 'authorization_code',
    applicationName: 'Desktop App',
    redirectUris: [LOOPBACK_V4, LOOPBACK_V6_PORT, LOCALHOST],
  });
  mobile = await registerClient(server, owner, {
    grantType: 'authorization_code',
    applicationName: 'Mobile App',
    redirectUris: [APP_SCHEME],
  });
  ownerCookie = await loginCookie(server, 'owner@example.com');
  memberCookie = await loginCookie(server, 'member@example.com');
});
afterAll(() => server.close());

async function redeem(client: TestClient, code: string, redirectUri: string, codeVerifier: string) {
  const response = await postToken(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    client_id: client.client.clientId,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('loopback redirect URIs (RFC 8252 §7.3)', () => {
  it.each([
    ['http://127.0.0.1:53122/callback', 'a port the registration did not name'],
    ['http://127.0.0.1/callback', 'no port'],
    ['http://[::1]:1234/callback', 'another port than the registered one'],
  ])('accepts %s (%s) and redeems the code with the same URI', async (redirectUri) => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: desktop,
      scope: 'user:read',
      state: 'n1',
      redirectUri,
      codeVerifier,
    });
    expect(callback.toString().startsWith(`${redirectUri}?`)).toBe(true);
    expect(callback.searchParams.get('state')).toBe('n1');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const { status, body } = await redeem(desktop, code, redirectUri, codeVerifier);
    expect(status).toBe(200);
    expect(body.scope).toBe('user:read');
  });

  it('binds the code to the port used: the token endpoint wants that very URI (RFC 6749 §4.1.3)', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const redirectUri = 'http://127.0.0.1:40001/callback';
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: desktop,
      scope: 'user:read',
      redirectUri,
      codeVerifier,
    });
    const { status, body } = await redeem(
      desktop,
      callback.searchParams.get('code')!,
      'http://127.0.0.1:40002/callback',
      codeVerifier,
    );
    expect(status).toBe(400);
    expect(body.access_token).toBeUndefined();
  });

  it.each([
    'http://localhost:9999/callback',
    'http://localhost/callback',
    'http://127.0.0.1:5000/callback/',
    'http://127.0.0.1:5000/other',
    'https://127.0.0.1:5000/callback',
    'http://127.0.0.2:5000/callback',
    'http://[::1]:5000/callback?x=1',
  ])('still refuses %s: only a loopback IP literal’s port is free', async (redirectUri) => {
    const { location } = await navigate(
      await authorizeUrl(server, { client: desktop, scope: 'user:read', redirectUri }),
      ownerCookie,
    );
    expect(location).toBe('/pages/error?error=invalid_request&error_description=invalid_redirect_uri');
  });

  it.each([['http://127.0.0.1:40300/callback'], [APP_SCHEME]])(
    'refuses %s without PKCE: invalid_request at the client (RFC 8252 §8.1), and no consent page',
    async (redirectUri) => {
      const client = redirectUri === APP_SCHEME ? mobile : desktop;
      const { location } = await navigate(
        await authorizeUrl(server, { client, scope: 'user:read', state: 'k', redirectUri }),
        ownerCookie,
      );
      const back = new URL(location!);
      expect(back.toString().startsWith(`${redirectUri}?`)).toBe(true);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('state')).toBe('k');
      expect(back.searchParams.get('code')).toBeNull();
    },
  );

  it('matches a localhost registration exactly, port included', async () => {
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: desktop,
      scope: 'user:read',
      redirectUri: LOCALHOST,
    });
    expect(callback.toString().startsWith(`${LOCALHOST}?code=`)).toBe(true);
  });

  it('sends a denial back to the loopback port the request used', async () => {
    const redirectUri = 'http://127.0.0.1:40100/callback';
    const { location } = await navigate(
      await authorizeUrl(server, {
        client: desktop,
        scope: 'person:read',
        state: 'd',
        redirectUri,
        codeVerifier: oauth.generateRandomCodeVerifier(),
      }),
      memberCookie,
    );
    const page = new URL(location!, server.url);
    const denied = await navigate(
      `${server.url}/api/logout?error=access_denied&request=${page.searchParams.get('request')}`,
      memberCookie,
    );
    expect(denied.location).toBe(
      `${redirectUri}?error=access_denied&error_description=user+denied+authorization+request&state=d&iss=${encodeURIComponent(server.url)}`,
    );
    memberCookie = await loginCookie(server, 'member@example.com');
  });

  it('tells the consent page that the answer goes to an app on the device', async () => {
    const { location } = await navigate(
      await authorizeUrl(server, {
        client: desktop,
        scope: 'alert:read',
        redirectUri: 'http://127.0.0.1:40200/callback',
        codeVerifier: oauth.generateRandomCodeVerifier(),
      }),
      memberCookie,
    );
    const page = new URL(location!, server.url);
    const response = await fetch(`${server.url}/api/consent/request?request=${page.searchParams.get('request')}`, {
      headers: { cookie: memberCookie },
    });
    expect((await response.json()).data).toMatchObject({ redirect_host: '127.0.0.1:40200', native: true });
  });
});

describe('private-use URI schemes (RFC 8252 §7.1)', () => {
  it('redirects the code to the app’s scheme and redeems it', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: mobile,
      scope: 'camera:read',
      state: 'm',
      redirectUri: APP_SCHEME,
      codeVerifier,
    });
    expect(callback.toString()).toMatch(/^com\.example\.care:\/oauth2redirect\?code=[^&]+&state=m&iss=[^&]+$/);
    const { status, body } = await redeem(mobile, callback.searchParams.get('code')!, APP_SCHEME, codeVerifier);
    expect(status).toBe(200);
    expect(body.scope).toBe('camera:read');
  });

  it('sends errors and denials to the scheme, with state', async () => {
    const bad = await navigate(
      await authorizeUrl(server, {
        client: mobile,
        scope: 'bogus:read',
        state: 'e',
        redirectUri: APP_SCHEME,
        codeVerifier: oauth.generateRandomCodeVerifier(),
      }),
      ownerCookie,
    );
    expect(bad.location).toMatch(/^com\.example\.care:\/oauth2redirect\?error=invalid_scope&.*state=e&iss=[^&]+$/);

    const { location } = await navigate(
      await authorizeUrl(server, {
        client: mobile,
        scope: 'room:read',
        state: 'd',
        redirectUri: APP_SCHEME,
        codeVerifier: oauth.generateRandomCodeVerifier(),
      }),
      memberCookie,
    );
    const page = new URL(location!, server.url);
    const response = await fetch(`${server.url}/api/consent/request?request=${page.searchParams.get('request')}`, {
      headers: { cookie: memberCookie },
    });
    expect((await response.json()).data).toMatchObject({ redirect_host: 'com.example.care', native: true });
    const denied = await navigate(
      `${server.url}/api/logout?error=access_denied&request=${page.searchParams.get('request')}`,
      memberCookie,
    );
    expect(denied.location).toBe(
      `${APP_SCHEME}?error=access_denied&error_description=user+denied+authorization+request&state=d&iss=${encodeURIComponent(server.url)}`,
    );
    memberCookie = await loginCookie(server, 'member@example.com');
  });

  it('says a web application is not native', async () => {
    const { location } = await navigate(await authorizeUrl(server, { client: web, scope: 'arn:read' }), memberCookie);
    const page = new URL(location!, server.url);
    const response = await fetch(`${server.url}/api/consent/request?request=${page.searchParams.get('request')}`, {
      headers: { cookie: memberCookie },
    });
    expect((await response.json()).data).toMatchObject({ redirect_host: 'client.example', native: false });
  });
});

describe('a secondary user’s owner-only write is narrowed', () => {
  it('camera:write becomes camera:read on the consent page, in the code and in the token response', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const request = { client: web, scope: 'camera:write user:read room:write', state: 'w', codeVerifier };
    const first = await navigate(await authorizeUrl(server, request), memberCookie);
    expect(new URL(first.location!, server.url).searchParams.get('scope')).toBe('camera:read user:read room:read');
    const callback = await authorizeWithConsent(server, memberCookie, request);
    const { status, body } = await redeem(web, callback.searchParams.get('code')!, REDIRECT_URI, codeVerifier);
    expect(status).toBe(200);
    expect(body.scope).toBe('camera:read user:read room:read');
  });

  it('an owner keeps the write', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, ownerCookie, {
      client: web,
      scope: 'camera:write',
      codeVerifier,
    });
    const { body } = await redeem(web, callback.searchParams.get('code')!, REDIRECT_URI, codeVerifier);
    expect(body.scope).toBe('camera:write');
  });
});

describe('response_type', () => {
  it('missing → invalid_request at the client, with state', async () => {
    const url = new URL(await authorizeUrl(server, { client: web, scope: 'user:read', state: 'r' }));
    url.searchParams.delete('response_type');
    const back = new URL((await navigate(url.toString(), ownerCookie)).location!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('r');
    url.searchParams.set('response_type', '');
    expect(new URL((await navigate(url.toString(), ownerCookie)).location!).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('unknown → unsupported_response_type', async () => {
    const { location } = await navigate(
      await authorizeUrl(server, { client: web, scope: 'user:read', extra: { response_type: 'token' } }),
      ownerCookie,
    );
    expect(new URL(location!).searchParams.get('error')).toBe('unsupported_response_type');
  });
});

describe('prompt', () => {
  const errorOf = (location: string | null) => {
    const url = new URL(location!);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code')).toBeNull();
    return [url.searchParams.get('error'), url.searchParams.get('state')];
  };

  it('none without a session → login_required at the client, never the login page', async () => {
    const { location } = await navigate(
      await authorizeUrl(server, { client: web, scope: 'user:read', state: 'p', extra: { prompt: 'none' } }),
    );
    expect(errorOf(location)).toEqual(['login_required', 'p']);
  });

  it('none with a session but no consent → consent_required; with the consent remembered → a code at once', async () => {
    const scope = 'alert:write';
    const needed = await navigate(
      await authorizeUrl(server, { client: web, scope, state: 'c', extra: { prompt: 'none' } }),
      ownerCookie,
    );
    expect(errorOf(needed.location)).toEqual(['consent_required', 'c']);
    await authorizeWithConsent(server, ownerCookie, { client: web, scope });
    const silent = await navigate(
      await authorizeUrl(server, { client: web, scope, state: 'c2', extra: { prompt: 'none' } }),
      ownerCookie,
    );
    const url = new URL(silent.location!);
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe('c2');
  });

  it('consent shows the consent page even when the consent is remembered', async () => {
    const scope = 'arn:write';
    await authorizeWithConsent(server, ownerCookie, { client: web, scope });
    expect((await navigate(await authorizeUrl(server, { client: web, scope }), ownerCookie)).location).toMatch(
      /^https:\/\/client\.example\/callback\?code=/,
    );
    const forced = await navigate(
      await authorizeUrl(server, { client: web, scope, extra: { prompt: 'consent' } }),
      ownerCookie,
    );
    expect(forced.location).toMatch(/^\/pages\/consent\?request=/);
  });

  it.each(['login', 'none consent', 'bogus'])('%j → invalid_request at the client', async (prompt) => {
    const { location } = await navigate(
      await authorizeUrl(server, { client: web, scope: 'user:read', state: 'x', extra: { prompt } }),
      ownerCookie,
    );
    expect(errorOf(location)).toEqual(['invalid_request', 'x']);
  });

  it('a repeated prompt is a broken request: our error page', async () => {
    const url = `${await authorizeUrl(server, { client: web, scope: 'user:read', extra: { prompt: 'none' } })}&prompt=consent`;
    expect((await navigate(url, ownerCookie)).location).toBe(
      '/pages/error?error=invalid_request&error_description=invalid_request',
    );
  });
});
