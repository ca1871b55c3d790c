import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import {
  discover,
  insecure,
  registerClient,
  startOAuthTestServer,
  type TestClient,
  tokensThroughConsent,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/**
 * RFC 6749 §6: a refresh may ask for less than the grant, for one access token; the scope it may ask for, and gets
 * when it names none, stays "the scope originally granted by the resource owner". A client that asks for a narrower
 * token once must not lose the rest of what the person granted.
 */

const GRANTED = 'camera:read alert:write';

let server: TestServer;
let as: oauth.AuthorizationServer;
let app: TestClient;
let cookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  const owner: UserRecord = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  app = await registerClient(server, owner, { grantType: 'authorization_code' });
  as = await discover(server);
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

function obtainTokens(): Promise<oauth.TokenEndpointResponse> {
  return tokensThroughConsent(server, as, cookie, app, GRANTED);
}

async function refresh(refreshToken: string, scope?: string): Promise<oauth.TokenEndpointResponse> {
  const response = await oauth.refreshTokenGrantRequest(as, app.oauthClient, app.auth, refreshToken, {
    ...insecure,
    additionalParameters: scope ? { scope } : undefined,
  });
  return oauth.processRefreshTokenResponse(as, app.oauthClient, response);
}

async function introspect(token: string) {
  const response = await oauth.introspectionRequest(as, app.oauthClient, app.auth, token, insecure);
  return oauth.processIntrospectionResponse(as, app.oauthClient, response);
}

describe('a refresh that asks for less than the grant', () => {
  it('narrows that access token only: the refresh token keeps the whole grant', async () => {
    const first = await obtainTokens();

    const narrow = await refresh(first.refresh_token!, 'camera:read');
    expect(narrow.scope).toBe('camera:read');
    expect(decodeJwt(narrow.access_token).scope).toBe('camera:read');
    expect(await introspect(narrow.access_token)).toMatchObject({ active: true, scope: 'camera:read' });
    expect(await introspect(narrow.refresh_token!)).toMatchObject({ active: true, scope: GRANTED });

    // Without a scope: the grant again, not the narrowed token's scope.
    const whole = await refresh(narrow.refresh_token!);
    expect(whole.scope).toBe(GRANTED);
    expect(decodeJwt(whole.access_token).scope).toBe(GRANTED);

    // Asking for the granted scope by name after another narrow refresh works too.
    const narrowAgain = await refresh(whole.refresh_token!, 'alert:write');
    expect(narrowAgain.scope).toBe('alert:write');
    const named = await refresh(narrowAgain.refresh_token!, GRANTED);
    expect(named.scope).toBe(GRANTED);
  });

  it('still cannot ask for more than was granted', async () => {
    const first = await obtainTokens();
    const narrow = await refresh(first.refresh_token!, 'camera:read');
    await expect(refresh(narrow.refresh_token!, 'camera:read room:read')).rejects.toMatchObject({
      error: 'invalid_scope',
    });
  });
});
