import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { createClient } from '#server/modules/clients/clients.service.ts';
import { navigate, REDIRECT_URI } from '#tests/support/oauth-client.ts';
import { createUser } from '#tests/support/server.ts';
import type { Instance } from './helpers/instances.ts';
import { missing, suiteName, twoInstances } from './helpers/two-instances.ts';

// The OAuth server of two instances as one (helpers/two-instances.ts): consent removal, a secret change, a revoked
// or deleted credential on one instance are seen by the other's token endpoint, introspection and the alerts API at
// its very next request.

const pair = twoInstances();
const { call, login, newClient } = pair;
let a: Instance;
let b: Instance;
let db: Db;
let config: Config;
// After the pair's own beforeAll (hooks run in the order they were added).
beforeAll(() => {
  ({ a, b, db, config } = pair);
});

describe.skipIf(missing.length > 0)(suiteName('two instances as one OAuth server'), () => {
  it("consent removal on A: B's introspection says inactive and B's token endpoint refuses the refresh, at once", async () => {
    const owner = await createUser(db, { email: 'app-dev@example.com', apiAccess: true });
    const app = await createClient(db, config, {
      groupId: owner.groupId,
      userId: owner.id,
      grantType: 'authorization_code',
      applicationName: 'Two-instance app',
      redirectUris: [REDIRECT_URI],
    });
    const basic = `${app.client.clientId}:${app.secret}`;
    await createUser(db, { email: 'consenting@example.com' });
    const cookie = await login(a, 'consenting@example.com');
    const authorize = `${a.url}/api/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: app.client.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'user:read',
    })}`;
    const asked = await navigate(authorize, cookie, { 'x-forwarded-for': newClient() });
    expect(asked.location).toMatch(/^\/pages\/consent\?/);
    const accepted = await navigate(`${a.url}/api/consent${asked.location!.slice('/pages/consent'.length)}`, cookie, {
      'x-forwarded-for': newClient(),
    });
    const code = new URL(accepted.location!).searchParams.get('code')!;
    const tokens = await call(b, 'POST', '/api/oauth/token', {
      basic,
      form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
    });
    expect(tokens.status).toBe(200);
    const introspect = (instance: Instance) =>
      call(instance, 'POST', '/api/oauth/introspect', { basic, form: { token: tokens.body.access_token } });
    expect((await introspect(b)).body.active).toBe(true);

    const removed = await call(a, 'PUT', '/api/consent/revoke', { cookie, body: { client_id: app.client.clientId } });
    expect(removed.status).toBe(200);
    expect((await introspect(b)).body.active).toBe(false);
    const refreshed = await call(b, 'POST', '/api/oauth/token', {
      basic,
      form: { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token },
    });
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
  });

  it("a secret changed on A is refused by B's token endpoint and introspection at once; the new one works on B", async () => {
    await createUser(db, { email: 'rotating-dev@example.com', apiAccess: true });
    const cookie = await login(a, 'rotating-dev@example.com');
    const grant = await call(a, 'POST', '/api/client_grant', {
      cookie,
      body: { grant_type: 'client_credentials', application_name: 'Rotating integration' },
    });
    expect(grant.status).toBe(200);
    const { client_id, secret } = grant.body.data;
    const token = (instance: Instance, clientSecret: string) =>
      call(instance, 'POST', '/api/oauth/token', {
        basic: `${client_id}:${clientSecret}`,
        form: { grant_type: 'client_credentials' },
      });
    const issued = await token(b, secret);
    expect(issued.status).toBe(200);

    const rotated = await call(a, 'PUT', '/api/client_grant', { cookie, body: { client_id } });
    expect(rotated.status).toBe(200);
    const old = await token(b, secret);
    expect(old.body.error).toBe('invalid_client');
    const introspected = await call(b, 'POST', '/api/oauth/introspect', {
      basic: `${client_id}:${secret}`,
      form: { token: issued.body.access_token },
    });
    expect(introspected.body.error).toBe('invalid_client');
    const fresh = await token(b, rotated.body.data.secret);
    expect(fresh.status).toBe(200);
    // The token issued under the old secret is inactive on both, asked with the new one (decision 0021); the
    // one issued under the new secret is active.
    const introspect = (instance: Instance, accessToken: string) =>
      call(instance, 'POST', '/api/oauth/introspect', {
        basic: `${client_id}:${rotated.body.data.secret}`,
        form: { token: accessToken },
      });
    expect((await introspect(a, issued.body.access_token)).body).toEqual({ active: false });
    expect((await introspect(b, issued.body.access_token)).body).toEqual({ active: false });
    expect((await introspect(a, fresh.body.access_token)).body.active).toBe(true);
  });

  it('a client_credentials token revoked on A is inactive on B at once; deleting the credential on B ends the rest on A', async () => {
    await createUser(db, { email: 'revoking-dev@example.com', apiAccess: true });
    const cookie = await login(a, 'revoking-dev@example.com');
    const grant = await call(a, 'POST', '/api/client_grant', {
      cookie,
      body: { grant_type: 'client_credentials', application_name: 'Revoking integration' },
    });
    const { client_id, secret } = grant.body.data;
    const basic = `${client_id}:${secret}`;
    const issue = async (instance: Instance) =>
      (await call(instance, 'POST', '/api/oauth/token', { basic, form: { grant_type: 'client_credentials' } })).body
        .access_token as string;
    const [revoked, kept] = [await issue(b), await issue(a)];
    const active = async (instance: Instance, accessToken: string) =>
      (await call(instance, 'POST', '/api/oauth/introspect', { basic, form: { token: accessToken } })).body.active;
    expect([await active(a, revoked), await active(b, revoked)]).toEqual([true, true]);

    expect((await call(a, 'POST', '/api/oauth/revoke', { basic, form: { token: revoked } })).status).toBe(200);
    expect([await active(b, revoked), await active(a, revoked), await active(b, kept)]).toEqual([false, false, true]);

    // The alerts API is a resource server of our own: a live customer token is only short of scope there (403),
    // one that is no longer active is not a token at all (401).
    const atAlerts = async (instance: Instance, accessToken: string) =>
      (
        await fetch(`${instance.url}/api/internal/alerts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: '{}',
        })
      ).status;
    expect([await atAlerts(a, kept), await atAlerts(b, revoked)]).toEqual([403, 401]);
    const listed = await call(b, 'GET', '/api/credentials', { cookie });
    const credential = JSON.stringify(listed.body).match(new RegExp(`"id":"([^"]+)"[^}]*"client_id":"${client_id}"`));
    expect(credential, JSON.stringify(listed.body)).toBeTruthy();
    expect((await call(b, 'DELETE', `/api/client_credentials/${credential![1]}`, { cookie })).status).toBe(200);
    expect([await atAlerts(a, kept), await atAlerts(b, kept)]).toEqual([401, 401]);
  });
});
