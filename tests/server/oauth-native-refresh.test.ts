import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeWithConsent,
  discover,
  insecure,
  postToken,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/**
 * A native app keeps no secret (RFC 8252 §8.5): it redeems its code with the PKCE verifier alone, and must be able to
 * use the refresh token it was given the same way, rotation and replay detection standing in for the secret
 * (RFC 9700 §4.14.2). A grant whose code was redeemed with the secret keeps needing it.
 */

const LOOPBACK = 'http://127.0.0.1/callback';
const ON_PORT = 'http://127.0.0.1:51234/callback';
const WEB = 'https://client.example/callback';

let server: TestServer;
let as: oauth.AuthorizationServer;
let app: TestClient;
let cookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  const owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  app = await registerClient(server, owner, { grantType: 'authorization_code', redirectUris: [LOOPBACK, WEB] });
  as = await discover(server);
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

async function redeem(withSecret: boolean, redirectUri = ON_PORT): Promise<Record<string, string>> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const callback = await authorizeWithConsent(server, cookie, {
    client: app,
    scope: 'camera:read',
    redirectUri,
    codeVerifier,
  });
  const response = await postToken(server, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    client_id: app.client.clientId,
    ...(withSecret ? { client_secret: app.secret } : {}),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function refreshWithoutSecret(refreshToken: string) {
  return postToken(server, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: app.client.clientId,
  });
}

describe('a native app without its secret', () => {
  it('refreshes the tokens of a code it redeemed without the secret, and the rotation still catches a replay', async () => {
    const first = await redeem(false);
    const refreshed = await refreshWithoutSecret(first.refresh_token!);
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // oauth4webapi's public client (token_endpoint_auth_method none) does the same.
    const third = await oauth.processRefreshTokenResponse(
      as,
      { client_id: app.client.clientId },
      await oauth.refreshTokenGrantRequest(
        as,
        { client_id: app.client.clientId },
        oauth.None(),
        second.refresh_token!,
        insecure,
      ),
    );
    expect(third.access_token).toBeTruthy();

    // The first refresh token again, long after its successor was used: a copy, and the whole family goes.
    const replay = await refreshWithoutSecret(first.refresh_token!);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    const after = await refreshWithoutSecret(third.refresh_token!);
    expect((await after.json()).error).toBe('invalid_grant');
  });

  it('may not refresh a grant whose code was redeemed with the secret; the refresh token still works with it', async () => {
    const tokens = await redeem(true);
    const refused = await refreshWithoutSecret(tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_client');
    const withSecret = await postToken(server, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: app.client.clientId,
      client_secret: app.secret,
    });
    expect(withSecret.status).toBe(200);
  });

  it('a web application that redeemed its code without the secret still needs it to refresh', async () => {
    const tokens = await redeem(false, WEB);
    const refused = await refreshWithoutSecret(tokens.refresh_token!);
    expect((await refused.json()).error).toBe('invalid_client');
  });

  it('the metadata says the token endpoint takes a client without authentication (for these grants only)', () => {
    expect(as.token_endpoint_auth_methods_supported).toContain('none');
  });
});
