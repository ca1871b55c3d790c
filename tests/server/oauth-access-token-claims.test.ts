import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
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
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

// A second resource server the operator has registered besides the portal's own API.
const REPORTS = 'https://reports.example/api';

let server: TestServer;
let as: oauth.AuthorizationServer;
let owner: UserRecord;
let codeApp: TestClient;
let machine: TestClient;
let cookie: string;
let portalApi: string;

beforeAll(async () => {
  server = await startOAuthTestServer({ OAUTH_RESOURCES: REPORTS });
  portalApi = `${server.config.oauth.issuer}/api`;
  owner = await createUser(server, { email: 'owner@example.com', name: 'Olivia', owner: true, apiAccess: true });
  codeApp = await registerClient(server, owner, { grantType: 'authorization_code', applicationName: 'Fall Monitor' });
  machine = await registerClient(server, owner, { grantType: 'client_credentials' });
  as = await discover(server);
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

/** What a resource server does with a bearer token: jose against the published JWKS, RFC 9068's rules. */
async function verifyWithJose(token: string, audience: string) {
  const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer: server.config.oauth.issuer,
    audience,
    typ: 'at+jwt',
  });
  return { payload, protectedHeader };
}

/** The same check through oauth4webapi's resource-server helper, which also requires every RFC 9068 claim. */
function verifyWithOauth4webapi(token: string, audience: string) {
  const request = new Request(`${audience}/cameras`, { headers: { authorization: `Bearer ${token}` } });
  return oauth.validateJwtAccessToken(as, request, audience, insecure);
}

async function codeTokens(extraAuthorize: Record<string, string> = {}, tokenParams?: Record<string, string>) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const callback = await authorizeWithConsent(server, cookie, {
    client: codeApp,
    scope: 'camera:read alert:write',
    state,
    codeVerifier,
    extra: extraAuthorize,
  });
  const params = oauth.validateAuthResponse(as, codeApp.oauthClient, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    codeApp.oauthClient,
    codeApp.auth,
    params,
    REDIRECT_URI,
    codeVerifier,
    {
      ...insecure,
      ...(tokenParams ? { additionalParameters: tokenParams } : {}),
    },
  );
  return { response, params, codeVerifier };
}

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return oauth.processIntrospectionResponse(as, client.oauthClient, response);
}

function rawRefresh(refreshToken: string, extra: Record<string, string> = {}) {
  return postToken(server, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: codeApp.client.clientId,
    client_secret: codeApp.secret,
    ...extra,
  });
}

describe('every access token is an RFC 9068 JWT for a known audience', () => {
  it('authorization code and its refresh: verified by jose and oauth4webapi for the portal API by default', async () => {
    const { response } = await codeTokens();
    const tokens = await oauth.processAuthorizationCodeResponse(as, codeApp.oauthClient, response);

    const { payload, protectedHeader } = await verifyWithJose(tokens.access_token, portalApi);
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload).toMatchObject({
      iss: server.config.oauth.issuer,
      aud: portalApi,
      sub: owner.id,
      client_id: codeApp.client.clientId,
      scope: 'camera:read alert:write',
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    const claims = await verifyWithOauth4webapi(tokens.access_token, portalApi);
    expect(claims.aud).toBe(portalApi);
    // Another audience is refused by both: the token is only for the API it names.
    await expect(verifyWithJose(tokens.access_token, REPORTS)).rejects.toThrow(/aud/);
    await expect(verifyWithOauth4webapi(tokens.access_token, REPORTS)).rejects.toThrow(/aud/);

    expect(await introspect(codeApp, tokens.access_token)).toMatchObject({ active: true, aud: portalApi });
    expect(await introspect(codeApp, tokens.refresh_token!)).toMatchObject({ active: true, aud: portalApi });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      codeApp.oauthClient,
      await oauth.refreshTokenGrantRequest(as, codeApp.oauthClient, codeApp.auth, tokens.refresh_token!, insecure),
    );
    expect((await verifyWithJose(refreshed.access_token, portalApi)).payload).toMatchObject({
      aud: portalApi,
      sub: owner.id,
    });
    expect((await verifyWithOauth4webapi(refreshed.access_token, portalApi)).aud).toBe(portalApi);
  });

  it('client credentials: verified by jose and oauth4webapi, sub is the client', async () => {
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      machine.oauthClient,
      machine.auth,
      new URLSearchParams(),
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, machine.oauthClient, response);
    const { payload } = await verifyWithJose(tokens.access_token, portalApi);
    expect(payload).toMatchObject({ aud: portalApi, sub: machine.client.clientId, client_id: machine.client.clientId });
    expect((await verifyWithOauth4webapi(tokens.access_token, portalApi)).sub).toBe(machine.client.clientId);
    expect(await introspect(machine, tokens.access_token)).toMatchObject({ active: true, aud: portalApi });
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
  });
});

describe('RFC 8707 resource indicators', () => {
  it('client credentials: a known resource becomes the audience, an unknown one is invalid_target', async () => {
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      machine.oauthClient,
      machine.auth,
      new URLSearchParams({ resource: REPORTS }),
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, machine.oauthClient, response);
    expect((await verifyWithOauth4webapi(tokens.access_token, REPORTS)).aud).toBe(REPORTS);
    expect(await introspect(machine, tokens.access_token)).toMatchObject({ aud: REPORTS });

    for (const resource of ['https://elsewhere.example/api', `${REPORTS}#frag`, 'not a uri', '']) {
      const refused = await postToken(server, {
        grant_type: 'client_credentials',
        client_id: machine.client.clientId,
        client_secret: machine.secret,
        resource,
      });
      expect(refused.status, resource).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({ error: 'invalid_target', error_description: expect.any(String) });
    }

    // One audience per token: a second resource is refused as a target, not as a malformed request.
    const twice = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body:
        `grant_type=client_credentials&client_id=${machine.client.clientId}&client_secret=${machine.secret}` +
        `&resource=${encodeURIComponent(REPORTS)}&resource=${encodeURIComponent(portalApi)}`,
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('authorization code: the resource of the authorization request is the audience of its code and refresh tokens', async () => {
    const { response } = await codeTokens({ resource: REPORTS });
    const tokens = await oauth.processAuthorizationCodeResponse(as, codeApp.oauthClient, response);
    expect((await verifyWithJose(tokens.access_token, REPORTS)).payload.aud).toBe(REPORTS);
    expect(await introspect(codeApp, tokens.refresh_token!)).toMatchObject({ aud: REPORTS });

    // Asking the refresh for a resource the grant never named is refused, and the refresh token survives it.
    const other = await rawRefresh(tokens.refresh_token!, { resource: portalApi });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'invalid_target' });

    const same = await rawRefresh(tokens.refresh_token!, { resource: REPORTS });
    expect(same.status).toBe(200);
    const body = (await same.json()) as { access_token: string };
    expect((await verifyWithOauth4webapi(body.access_token, REPORTS)).aud).toBe(REPORTS);
  });

  it('authorization code: the token request may repeat the granted resource, never name another', async () => {
    const matching = await codeTokens({ resource: REPORTS }, { resource: REPORTS });
    expect(matching.response.status).toBe(200);

    const mismatched = await codeTokens({}, { resource: REPORTS });
    expect(mismatched.response.status).toBe(400);
    expect(await mismatched.response.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('the consent page keeps the resource: a request that went through Accept carries it to the token', async () => {
    // A fresh user has no remembered consent, so the request is stored and answered on the consent page.
    await createUser(server, { email: 'fresh@example.com', name: 'Fred', owner: true, apiAccess: true });
    const freshCookie = await loginCookie(server, 'fresh@example.com');
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const first = await navigate(
      await authorizeUrl(server, { client: codeApp, scope: 'camera:read', codeVerifier, extra: { resource: REPORTS } }),
      freshCookie,
    );
    expect(first.location).toMatch(/^\/pages\/consent\?/);
    const accepted = await navigate(
      `${server.url}/api/consent${first.location!.slice('/pages/consent'.length)}`,
      freshCookie,
    );
    const params = oauth.validateAuthResponse(
      as,
      codeApp.oauthClient,
      new URL(accepted.location!),
      oauth.expectNoState,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      codeApp.oauthClient,
      codeApp.auth,
      params,
      REDIRECT_URI,
      codeVerifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, codeApp.oauthClient, response);
    expect(decodeJwt(tokens.access_token).aud).toBe(REPORTS);
  });

  it('authorization endpoint: an unknown, malformed or repeated resource goes back to the client as invalid_target', async () => {
    for (const resource of ['https://elsewhere.example/api', `${REPORTS}#frag`, 'relative/path']) {
      const url = await authorizeUrl(server, {
        client: codeApp,
        scope: 'camera:read',
        state: 's1',
        extra: { resource },
      });
      const answer = await navigate(url, cookie);
      expect(answer.status).toBe(302);
      const back = new URL(answer.location!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('error'), resource).toBe('invalid_target');
      expect(back.searchParams.get('state')).toBe('s1');
      expect(back.searchParams.get('code')).toBeNull();
    }
    const url = new URL(
      await authorizeUrl(server, { client: codeApp, scope: 'camera:read', state: 's2', extra: { resource: REPORTS } }),
    );
    url.searchParams.append('resource', portalApi);
    const twice = new URL((await navigate(url.toString(), cookie)).location!);
    expect(twice.searchParams.get('error')).toBe('invalid_target');
    expect(twice.searchParams.get('state')).toBe('s2');
  });
});
