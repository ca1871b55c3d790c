import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  authorizeWithConsent,
  discover,
  navigate,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/**
 * RFC 9207: every authorization response names its issuer, so a client that talks to several authorization servers
 * can tell which one answered (the mix-up defence of RFC 9700 §4.4) and libraries that read the metadata check it.
 */

let server: TestServer;
let as: oauth.AuthorizationServer;
let app: TestClient;
let cookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  const owner = await createUser(server, { email: 'other@example.com', owner: true, apiAccess: true });
  app = await registerClient(server, owner, { grantType: 'authorization_code' });
  as = await discover(server);
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

function atClient(location: string | null): URLSearchParams {
  const url = new URL(location!, server.url);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  return url.searchParams;
}

describe('the iss parameter of the authorization response (RFC 9207)', () => {
  it('is advertised', () => {
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
  });

  it('comes with a code, after Accept and when the consent is remembered, and oauth4webapi checks it', async () => {
    for (let round = 0; round < 2; round++) {
      const callback = await authorizeWithConsent(server, cookie, { client: app, scope: 'camera:read', state: 's' });
      expect(callback.searchParams.get('iss')).toBe(server.config.oauth.issuer);
      expect(oauth.validateAuthResponse(as, app.oauthClient, callback, 's').get('code')).toBeTruthy();
    }
  });

  it('comes with an error at the client: a refused request, consent_required and a Cancel', async () => {
    const unsupported = await navigate(
      await authorizeUrl(server, { client: app, scope: 'camera:read', extra: { response_type: 'token' } }),
      cookie,
    );
    expect(Object.fromEntries(atClient(unsupported.location))).toMatchObject({
      error: 'unsupported_response_type',
      iss: server.config.oauth.issuer,
    });

    const silent = await navigate(
      await authorizeUrl(server, { client: app, scope: 'camera:write', extra: { prompt: 'none' } }),
      cookie,
    );
    expect(Object.fromEntries(atClient(silent.location))).toMatchObject({
      error: 'consent_required',
      iss: server.config.oauth.issuer,
    });

    const asked = await navigate(await authorizeUrl(server, { client: app, scope: 'room:read', state: 'c' }), cookie);
    const handle = new URL(asked.location!, server.url).searchParams.get('request')!;
    const cancel = await navigate(
      `${server.url}/api/logout?${new URLSearchParams({ error: 'access_denied', request: handle })}`,
      await loginCookie(server, 'owner@example.com'),
    );
    expect(Object.fromEntries(atClient(cancel.location))).toMatchObject({
      error: 'access_denied',
      state: 'c',
      iss: server.config.oauth.issuer,
    });
  });
});

describe('response_mode', () => {
  it('query, the one advertised, or none at all, gets the answer in the query', async () => {
    const asked = await navigate(
      await authorizeUrl(server, { client: app, scope: 'camera:read', extra: { response_mode: 'query' } }),
      cookie,
    );
    expect(atClient(asked.location).get('code')).toBeTruthy();
  });

  it('any other is invalid_request, never an answer in a mode the client did not ask for', async () => {
    for (const mode of ['fragment', 'form_post', 'jwt']) {
      const { location } = await navigate(
        await authorizeUrl(server, { client: app, scope: 'camera:read', state: 'm', extra: { response_mode: mode } }),
        cookie,
      );
      const query = atClient(location);
      expect(Object.fromEntries(query), mode).toMatchObject({ error: 'invalid_request', state: 'm' });
      expect(query.get('code')).toBeNull();
    }
  });
});
