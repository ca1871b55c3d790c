import { decodeJwt, decodeProtectedHeader } from 'jose';
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
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

let server: TestServer;
let as: oauth.AuthorizationServer;
let owner: UserRecord;
let app: TestClient;
let cookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  owner = await createUser(server, { email: 'owner@example.com', name: 'Olivia', owner: true, apiAccess: true });
  await createUser(server, { email: 'member@example.com', name: 'Max', groupOfEmail: 'owner@example.com' });
  app = await registerClient(server, owner, { grantType: 'authorization_code', applicationName: 'Fall Monitor' });
  as = await discover(server);
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

describe('authorization code with PKCE, end to end with oauth4webapi', () => {
  it('authorize → consent page → accept → code → token → refresh rotation → introspect → revoke', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const request = { client: app, scope: 'camera:read alert:write', state, codeVerifier };

    const first = await navigate(await authorizeUrl(server, request), cookie);
    expect(first.status).toBe(302);
    const consent = new URL(first.location!, server.url);
    expect(consent.pathname).toBe('/pages/consent');
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      scope: 'camera:read alert:write',
      application_name: 'Fall Monitor',
      client_id: app.client.clientId,
      redirect_uri: REDIRECT_URI,
      state,
      response_type: 'code',
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });

    const accepted = await navigate(`${server.url}/api/consent${consent.search}`, cookie);
    expect(accepted.status).toBe(302);
    const callback = new URL(accepted.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);

    const params = oauth.validateAuthResponse(as, app.oauthClient, callback, state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      app.oauthClient,
      app.auth,
      params,
      REDIRECT_URI,
      codeVerifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.oauthClient, tokenResponse);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('camera:read alert:write');
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');

    // A signed JWT carrying what resource servers need, verifiable with the published key.
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: server.config.oauth.issuer,
      sub: owner.id,
      client_id: app.client.clientId,
      scope: 'camera:read alert:write',
      jti: expect.any(String),
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const jwks = await (await fetch(as.jwks_uri!)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);

    // Refresh rotates: a new refresh token, and the old one is refused from then on.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      app.oauthClient,
      await oauth.refreshTokenGrantRequest(as, app.oauthClient, app.auth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.scope).toBe('camera:read alert:write');

    const introspected = await introspect(refreshed.access_token);
    expect(introspected).toMatchObject({
      active: true,
      client_id: app.client.clientId,
      sub: owner.id,
      scope: 'camera:read alert:write',
      token_type: 'Bearer',
    });

    const revoke = await oauth.revocationRequest(as, app.oauthClient, app.auth, refreshed.access_token, insecure);
    await oauth.processRevocationResponse(revoke);
    expect(await introspect(refreshed.access_token)).toEqual({ active: false });
  });

  it('replaying a rotated refresh token revokes the whole family', async () => {
    const tokens = await obtainTokens('person:read');
    const next = await refresh(tokens.refresh_token!);
    expect(next.status).toBe(200);
    // The client moves on, so the old token coming back is no retry of a lost answer (tests/server/oauth-refresh.test.ts).
    const moved = await refresh((await next.json()).refresh_token);
    expect(moved.status).toBe(200);
    const { refresh_token: nextRefresh, access_token: nextAccess } = await moved.json();

    const replay = await refresh(tokens.refresh_token!);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });

    // The legitimate holder's newer tokens die with it: someone else has a copy of the family.
    expect((await refresh(nextRefresh)).status).toBe(400);
    expect(await introspect(nextAccess)).toEqual({ active: false });
  });

  it('refuses a code twice, a wrong verifier, or a missing verifier', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const code = async () =>
      (await authorizeWithConsent(server, cookie, { client: app, scope: 'room:read', codeVerifier })).searchParams.get(
        'code',
      )!;
    const exchange = (value: string, verifier?: string) =>
      tokenRequest(app, {
        grant_type: 'authorization_code',
        code: value,
        redirect_uri: REDIRECT_URI,
        ...(verifier ? { code_verifier: verifier } : {}),
      });

    const once = await code();
    expect((await exchange(once, codeVerifier)).status).toBe(200);
    expect((await exchange(once, codeVerifier)).status).toBe(400);

    const wrong = await exchange(await code(), oauth.generateRandomCodeVerifier());
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe('invalid_grant');

    expect((await exchange(await code())).status).toBe(400);
  });

  it('lets a client redeem a PKCE code without its secret, but never a code without a challenge', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const withPkce = await authorizeWithConsent(server, cookie, { client: app, scope: 'room:read', codeVerifier });
    const publicExchange = (code: string, verifier: string) =>
      postToken(server, {
        grant_type: 'authorization_code',
        client_id: app.client.clientId,
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
    expect((await publicExchange(withPkce.searchParams.get('code')!, codeVerifier)).status).toBe(200);

    const without = await authorizeWithConsent(server, cookie, { client: app, scope: 'room:read' });
    const refused = await publicExchange(without.searchParams.get('code')!, codeVerifier);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_grant');
  });

  it('advertises itself per RFC 8414', async () => {
    expect(as).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/api/oauth/authorize`,
      token_endpoint: `${server.url}/api/oauth/token`,
      revocation_endpoint: `${server.url}/api/oauth/revoke`,
      introspection_endpoint: `${server.url}/api/oauth/introspect`,
      jwks_uri: `${server.url}/api/oauth/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    });
    expect(as.scopes_supported).toContain('camera:write');
    expect(as.scopes_supported).not.toContain('internal:read');
  });

  const obtainTokens = (scope: string) => tokensThroughConsent(server, as, cookie, app, scope);

  function refresh(refreshToken: string) {
    return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async function introspect(token: string) {
    const response = await oauth.introspectionRequest(as, app.oauthClient, app.auth, token, insecure);
    return oauth.processIntrospectionResponse(as, app.oauthClient, response);
  }
});

/** A raw token request with client_secret_post, for the refusals oauth4webapi would turn into exceptions. */
function tokenRequest(client: TestClient, params: Record<string, string>, url = `${server.url}/api/oauth/token`) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: client.client.clientId, client_secret: client.secret, ...params }),
  });
}
