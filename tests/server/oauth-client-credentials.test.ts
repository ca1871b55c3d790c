import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CREDENTIALS_SCOPE } from '#server/modules/clients/client-scopes.ts';
import { deleteClient, rotateSecret } from '#server/modules/clients/clients.service.ts';
import { signAccessToken, signingKeyOf } from '#server/modules/oauth/signing-key.ts';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { discover, insecure, registerClient, startOAuthTestServer, type TestClient } from '../support/oauth-client.ts';
import { createUser, type TestServer } from '../support/server.ts';

let server: TestServer;
let as: oauth.AuthorizationServer;
let owner: UserRecord;

beforeAll(async () => {
  // Every test registers its own clients; the per-account cap has its own test.
  server = await startOAuthTestServer({ CLIENT_CAP_PER_GRANT_TYPE: '100' });
  owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  as = await discover(server);
});
afterAll(() => server.close());

async function grant(client: TestClient, auth = client.auth, params: Record<string, string> = {}) {
  const response = await oauth.clientCredentialsGrantRequest(as, client.oauthClient, auth, params, insecure);
  return oauth.processClientCredentialsResponse(as, client.oauthClient, response);
}

function rawToken(body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(as.token_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
}

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return oauth.processIntrospectionResponse(as, client.oauthClient, response);
}

/** The issuance rows of a client's tokens: none for client_credentials (decision 0021). */
function tokenRowsOf(clientId: string) {
  return server.db.selectFrom('oauth_tokens').select('id').where('client_id', '=', clientId).execute();
}

describe('client_credentials', () => {
  it('issues an access token (no refresh token) with the client’s read scopes, by Basic or by post', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tokens = await grant(client);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope).toBe(CLIENT_CREDENTIALS_SCOPE);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: server.url,
      sub: client.client.clientId,
      client_id: client.client.clientId,
      scope: CLIENT_CREDENTIALS_SCOPE,
    });
    expect(await introspect(client, tokens.access_token)).toMatchObject({ active: true, sub: client.client.clientId });

    const posted = await grant(client, oauth.ClientSecretPost(client.secret), { scope: 'alert:read' });
    expect(posted.scope).toBe('alert:read');

    const row = await server.db
      .selectFrom('oauth_clients')
      .select('last_used_at')
      .where('id', '=', client.client.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a scope beyond the client’s, and a grant type the client was not made for', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tooMuch = await rawToken({
      grant_type: 'client_credentials',
      scope: 'camera:write',
      client_id: client.client.clientId,
      client_secret: client.secret,
    });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error).toBe('invalid_scope');

    const codeClient = await registerClient(server, owner, { grantType: 'authorization_code' });
    const wrongGrant = await rawToken({
      grant_type: 'client_credentials',
      client_id: codeClient.client.clientId,
      client_secret: codeClient.secret,
    });
    expect(wrongGrant.status).toBe(400);
    expect((await wrongGrant.json()).error).toBe('unauthorized_client');
  });

  it('refuses a wrong secret: 401 with a Basic challenge, or 400 when posted, in the RFC 6749 §5.2 format', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const basic = await rawToken(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from(`${client.client.clientId}:${'0'.repeat(64)}`).toString('base64')}` },
    );
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await basic.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });

    const posted = await rawToken({
      grant_type: 'client_credentials',
      client_id: client.client.clientId,
      client_secret: 'wrong',
    });
    expect(posted.status).toBe(400);
    expect((await posted.json()).error).toBe('invalid_client');

    const unknown = await rawToken({
      grant_type: 'client_credentials',
      client_id: 'unknown',
      client_secret: client.secret,
    });
    expect((await unknown.json()).error).toBe('invalid_client');
  });

  it('decodes form-encoded Basic credentials (RFC 6749 §2.3.1)', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const encode = (value: string) => [...value].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const response = await rawToken(
      { grant_type: 'client_credentials' },
      {
        authorization: `Basic ${Buffer.from(`${encode(client.client.clientId)}:${encode(client.secret)}`).toString('base64')}`,
      },
    );
    expect(response.status).toBe(200);
  });

  it('after a secret rotation the old secret is refused at once and the new one works', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const rotated = await rotateSecret(server.db, owner.groupId, client.client.clientId);
    expect(rotated.secret).not.toBe(client.secret);
    await expect(grant(client)).rejects.toThrow();
    const fresh = await grant(client, oauth.ClientSecretBasic(rotated.secret));
    expect(fresh.access_token).toBeTruthy();
  });

  // Decision 0021: a client_credentials access token is a self-contained JWT; nothing is written per token.
  it('writes no row per access token, and its token is still active at introspection', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tokens = await grant(client);
    expect(await tokenRowsOf(client.client.id)).toEqual([]);
    const { iat, exp, jti } = decodeJwt(tokens.access_token);
    expect(await introspect(client, tokens.access_token)).toEqual({
      active: true,
      scope: CLIENT_CREDENTIALS_SCOPE,
      client_id: client.client.clientId,
      sub: client.client.clientId,
      token_type: 'Bearer',
      exp,
      iat,
      iss: server.url,
      aud: server.config.oauth.defaultResource,
      jti,
    });
  });

  it('a revoked token is inactive at once, and only that one; revoking it again is harmless', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const [revoked, kept] = [await grant(client), await grant(client)];
    const revoke = async () =>
      oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client.oauthClient, client.auth, revoked.access_token, insecure),
      );
    await revoke();
    expect(await introspect(client, revoked.access_token)).toEqual({ active: false });
    expect((await introspect(client, kept.access_token)).active).toBe(true);
    await revoke();
    expect(await introspect(client, revoked.access_token)).toEqual({ active: false });
  });

  it('after a secret rotation the tokens issued before are inactive, those issued after are active', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const before = await grant(client);
    const rotated = await rotateSecret(server.db, owner.groupId, client.client.clientId);
    const auth = oauth.ClientSecretBasic(rotated.secret);
    // At once, within the same second as the rotation: a token's iat is in whole seconds.
    const after = await grant(client, auth);
    const asRotated = async (token: string) =>
      oauth.processIntrospectionResponse(
        as,
        client.oauthClient,
        await oauth.introspectionRequest(as, client.oauthClient, auth, token, insecure),
      );
    expect(await asRotated(before.access_token)).toEqual({ active: false });
    expect((await asRotated(after.access_token)).active).toBe(true);
  });

  it('a deleted client is refused, and the tokens it held stop being active', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const watcher = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tokens = await grant(client);
    await deleteClient(server.db, owner.groupId, client.client.id);
    const refused = await rawToken({
      grant_type: 'client_credentials',
      client_id: client.client.clientId,
      client_secret: client.secret,
    });
    expect((await refused.json()).error).toBe('invalid_client');
    // Even a different client asking about it hears "inactive", as for any token that is not its own.
    expect(await introspect(watcher, tokens.access_token)).toEqual({ active: false });
    expect(await tokenRowsOf(client.client.id)).toEqual([]);
  });
});

describe('protocol endpoints', () => {
  it('answer inactive for another client’s token, and ignore its revocation', async () => {
    const mine = await registerClient(server, owner, { grantType: 'client_credentials' });
    const theirs = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tokens = await grant(mine);
    expect(await introspect(theirs, tokens.access_token)).toEqual({ active: false });
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, theirs.oauthClient, theirs.auth, tokens.access_token, insecure),
    );
    expect((await introspect(mine, tokens.access_token)).active).toBe(true);
  });

  it('answer inactive for garbage, an expired token or a forged signature', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const tokens = await grant(client);
    expect(await introspect(client, 'garbage')).toEqual({ active: false });
    const [header, payload] = tokens.access_token.split('.');
    expect(await introspect(client, `${header}.${payload}.${'A'.repeat(86)}`)).toEqual({ active: false });
    // The same claims under our own key, expired a second ago.
    const claims = decodeJwt(tokens.access_token) as Parameters<typeof signAccessToken>[1];
    const key = await signingKeyOf(server.config.oauth.signingKeyPem);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signAccessToken(key, { ...claims, iat: now - 3600, exp: now - 1 });
    expect(await introspect(client, expired)).toEqual({ active: false });
  });

  it('require client authentication on introspection and revocation', async () => {
    for (const path of ['introspect', 'revoke']) {
      const response = await fetch(`${server.url}/api/oauth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: 'x' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
  });

  it('want forms: JSON and repeated parameters are invalid_request, in the protocol’s format', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const json = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: client.client.clientId,
        client_secret: client.secret,
      }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });

    const repeated = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&scope=alert:read&scope=user:read&client_id=${client.client.clientId}&client_secret=${client.secret}`,
    });
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).error).toBe('invalid_request');

    const unsupported = await rawToken({
      grant_type: 'urn:example:unknown',
      client_id: client.client.clientId,
      client_secret: client.secret,
    });
    expect((await unsupported.json()).error).toBe('unsupported_grant_type');
    // The library knows the password grant, but this server has none: unsupported, not merely barred for this client.
    const password = await rawToken({
      grant_type: 'password',
      username: 'owner@example.com',
      password: 'Secret1234',
      client_id: client.client.clientId,
      client_secret: client.secret,
    });
    expect((await password.json()).error).toBe('unsupported_grant_type');
  });

  it('are not blocked by the same-origin check: servers send no cookies', async () => {
    const client = await registerClient(server, owner, { grantType: 'client_credentials' });
    const response = await rawToken(
      { grant_type: 'client_credentials', client_id: client.client.clientId, client_secret: client.secret },
      { 'user-agent': 'integration/1.0' },
    );
    expect(response.status).toBe(200);
  });
});
