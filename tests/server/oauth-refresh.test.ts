import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '#server/lib/opaque-secret.ts';
import { purgeFinishedRows } from '#server/modules/maintenance/purge.repository.ts';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import {
  authorizeWithConsent,
  discover,
  insecure,
  postToken,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
  tokensThroughConsent,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/**
 * Refresh token rotation as a real client library meets it: a refused refresh spends nothing, and a refresh whose
 * answer was lost may be retried within the grace window and gets the same answer.
 */

interface Party {
  server: TestServer;
  as: oauth.AuthorizationServer;
  app: TestClient;
  other: TestClient;
  cookie: string;
}

async function startParty(env: Record<string, string> = {}): Promise<Party> {
  const server = await startOAuthTestServer(env);
  const owner: UserRecord = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  const app = await registerClient(server, owner, { grantType: 'authorization_code' });
  const other = await registerClient(server, owner, { grantType: 'authorization_code' });
  return { server, as: await discover(server), app, other, cookie: await loginCookie(server, 'owner@example.com') };
}

function obtainTokens(p: Party, scope: string): Promise<oauth.TokenEndpointResponse> {
  return tokensThroughConsent(p.server, p.as, p.cookie, p.app, scope);
}

function refreshRequest(p: Party, refreshToken: string, client: TestClient = p.app, options: { scope?: string } = {}) {
  const parameters = options.scope ? { scope: options.scope } : undefined;
  return oauth.refreshTokenGrantRequest(p.as, client.oauthClient, client.auth, refreshToken, {
    ...insecure,
    additionalParameters: parameters,
  });
}

async function refresh(p: Party, refreshToken: string): Promise<oauth.TokenEndpointResponse> {
  return oauth.processRefreshTokenResponse(p.as, p.app.oauthClient, await refreshRequest(p, refreshToken));
}

async function introspect(p: Party, token: string) {
  const response = await oauth.introspectionRequest(p.as, p.app.oauthClient, p.app.auth, token, insecure);
  return oauth.processIntrospectionResponse(p.as, p.app.oauthClient, response);
}

async function refusal(response: Response): Promise<{ status: number; error: string }> {
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe('refresh within the grace window (default settings)', () => {
  let p: Party;
  beforeAll(async () => {
    p = await startParty();
  });
  afterAll(() => p.server.close());

  it('answers a retried refresh whose answer was lost with the same tokens, and both work', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const lost = await refreshRequest(p, tokens.refresh_token!);
    expect(lost.status).toBe(200);
    const lostBody = (await lost.json()) as { access_token: string; refresh_token: string };

    const retried = await refresh(p, tokens.refresh_token!);
    expect(retried.access_token).toBe(lostBody.access_token);
    expect(retried.refresh_token).toBe(lostBody.refresh_token);
    expect(retried.scope).toBe('camera:read');
    expect(retried.expires_in).toBeGreaterThan(3500);

    expect(await introspect(p, retried.access_token)).toMatchObject({ active: true, scope: 'camera:read' });
    const next = await refresh(p, retried.refresh_token!);
    expect(next.refresh_token).not.toBe(retried.refresh_token);
    expect(await introspect(p, next.access_token)).toMatchObject({ active: true });
  });

  it('answers two concurrent refreshes with the same token with the same tokens', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const [a, b] = await Promise.all([refresh(p, tokens.refresh_token!), refresh(p, tokens.refresh_token!)]);
    expect(a.access_token).toBe(b.access_token);
    expect(a.refresh_token).toBe(b.refresh_token);
    expect(await introspect(p, a.access_token)).toMatchObject({ active: true });
  });

  it('treats the old token as stolen once its successor was used, even within the window', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const second = await refresh(p, tokens.refresh_token!);
    const third = await refresh(p, second.refresh_token!);

    // The client has moved on, so the old token is not a retry: handing out the second answer again would give
    // whoever holds a copy a live access token.
    const replay = await refreshRequest(p, tokens.refresh_token!);
    expect(await refusal(replay)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await introspect(p, third.access_token)).toEqual({ active: false });
    expect(await refusal(await refreshRequest(p, third.refresh_token!))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('keeps the retry answer only as ciphertext, and the purge removes it once the window is over', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const answer = await refresh(p, tokens.refresh_token!);
    const rows = await p.server.db.selectFrom('oauth_refresh_grace').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const secret of [
      answer.access_token,
      answer.refresh_token!,
      tokens.refresh_token!,
      sha256Hex(answer.refresh_token!),
    ]) {
      expect(stored).not.toContain(secret);
    }

    await purgeFinishedRows(p.server.db, Date.now());
    expect(await p.server.db.selectFrom('oauth_refresh_grace').select('token_id').execute()).toHaveLength(rows.length);
    await purgeFinishedRows(p.server.db, Date.now() + 11_000);
    expect(await p.server.db.selectFrom('oauth_refresh_grace').select('token_id').execute()).toHaveLength(0);
  });
});

describe('a refused refresh leaves the refresh token usable', () => {
  let p: Party;
  beforeAll(async () => {
    p = await startParty();
  });
  afterAll(() => p.server.close());

  it('after invalid_scope, a wrong client secret, another client, or a missing secret', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const rt = tokens.refresh_token!;

    expect(await refusal(await refreshRequest(p, rt, p.app, { scope: 'camera:read camera:write' }))).toEqual({
      status: 400,
      error: 'invalid_scope',
    });
    const wrongSecret = await oauth.refreshTokenGrantRequest(
      p.as,
      p.app.oauthClient,
      oauth.ClientSecretBasic('0'.repeat(64)),
      rt,
      insecure,
    );
    expect(await refusal(wrongSecret)).toEqual({ status: 401, error: 'invalid_client' });
    expect(await refusal(await refreshRequest(p, rt, p.other))).toEqual({ status: 400, error: 'invalid_grant' });
    const noSecret = await postToken(p.server, {
      grant_type: 'refresh_token',
      client_id: p.app.client.clientId,
      refresh_token: rt,
    });
    expect((await noSecret.json()).error).toMatch(/^invalid_(request|client)$/);

    const refreshed = await refresh(p, rt);
    expect(await introspect(p, refreshed.access_token)).toMatchObject({ active: true, scope: 'camera:read' });
    // And the retry after the refusals is a first use, not a replay: its successor works too.
    expect((await refresh(p, refreshed.refresh_token!)).access_token).toBeDefined();
  });
});

describe('a rate-limited refresh', () => {
  let p: Party;
  beforeAll(async () => {
    // One call a minute: the code exchange spends it, so the refresh is limited.
    p = await startParty({ RATE_LIMIT_TOKEN_PER_MINUTE: '1' });
  });
  afterAll(() => p.server.close());

  it('spends nothing', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const limited = await refreshRequest(p, tokens.refresh_token!);
    expect(limited.status).toBe(429);
    const row = await p.server.db
      .selectFrom('oauth_tokens')
      .select(['refresh_used_at', 'revoked_at'])
      .where('refresh_hash', '=', sha256Hex(tokens.refresh_token!))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ refresh_used_at: null, revoked_at: null });
  });
});

describe('reuse after the grace window', () => {
  let p: Party;
  beforeAll(async () => {
    p = await startParty({ OAUTH_REFRESH_GRACE_SECONDS: '1' });
  });
  afterAll(() => p.server.close());

  it('refuses the old token and revokes the whole family', async () => {
    const tokens = await obtainTokens(p, 'camera:read');
    const lost = await refreshRequest(p, tokens.refresh_token!);
    const { access_token: newAccess, refresh_token: newRefresh } = (await lost.json()) as Record<string, string>;

    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const replay = await refreshRequest(p, tokens.refresh_token!);
    expect(await refusal(replay)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await introspect(p, newAccess!)).toEqual({ active: false });
    expect(await refusal(await refreshRequest(p, newRefresh!))).toEqual({ status: 400, error: 'invalid_grant' });
  });
});

describe('an authorization code redeemed twice', () => {
  let p: Party;
  beforeAll(async () => {
    p = await startParty();
  });
  afterAll(() => p.server.close());

  it('is refused, and the tokens of the first redemption are revoked', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(p.server, p.cookie, {
      client: p.app,
      scope: 'camera:read',
      codeVerifier,
    });
    const params = oauth.validateAuthResponse(p.as, p.app.oauthClient, callback, oauth.expectNoState);
    const redeem = () =>
      oauth.authorizationCodeGrantRequest(
        p.as,
        p.app.oauthClient,
        p.app.auth,
        params,
        REDIRECT_URI,
        codeVerifier,
        insecure,
      );
    const first = await oauth.processAuthorizationCodeResponse(p.as, p.app.oauthClient, await redeem());
    expect(await introspect(p, first.access_token)).toMatchObject({ active: true });

    expect(await refusal(await redeem())).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await introspect(p, first.access_token)).toEqual({ active: false });
    expect(await refusal(await refreshRequest(p, first.refresh_token!))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('also revokes what the first redemption was refreshed into', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(p.server, p.cookie, {
      client: p.app,
      scope: 'camera:read',
      codeVerifier,
    });
    const params = oauth.validateAuthResponse(p.as, p.app.oauthClient, callback, oauth.expectNoState);
    const redeem = () =>
      oauth.authorizationCodeGrantRequest(
        p.as,
        p.app.oauthClient,
        p.app.auth,
        params,
        REDIRECT_URI,
        codeVerifier,
        insecure,
      );
    const first = await oauth.processAuthorizationCodeResponse(p.as, p.app.oauthClient, await redeem());
    const refreshed = await refresh(p, first.refresh_token!);

    expect(await refusal(await redeem())).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await introspect(p, refreshed.access_token)).toEqual({ active: false });
  });
});
