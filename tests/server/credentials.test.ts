import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_CODE_SCOPE, CLIENT_CREDENTIALS_SCOPE } from '#server/modules/clients/client-scopes.ts';
import { startOAuthTestServer } from '../support/oauth-client.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from '../support/server.ts';

/** The developer credentials API (docs/api/credentials.md) over real HTTP, on SQLite or PostgreSQL (DATABASE_URL). */
const CAP = 3;
let server: TestServer;
let users = 0;

beforeAll(async () => {
  server = await startOAuthTestServer({ CLIENT_CAP_PER_GRANT_TYPE: String(CAP) });
});
afterAll(() => server.close());

/** A fresh account (its own group) and its logged-in cookie; every test gets its own, so caps do not interfere. */
async function developer(options: { owner?: boolean; apiAccess?: boolean; groupOfEmail?: string } = {}) {
  const email = `dev${++users}@example.com`;
  const user = await createUser(server, {
    email,
    owner: options.owner ?? true,
    apiAccess: options.apiAccess ?? true,
    groupOfEmail: options.groupOfEmail,
  });
  return { email, user, cookie: await loginCookie(server, email) };
}

function call(method: string, path: string, cookie: string | null, body?: unknown) {
  return fetch(`${server.url}/api/${path}`, {
    method,
    headers:
      body === undefined
        ? { origin: server.url, ...(cookie ? { cookie } : {}) }
        : sameOrigin(server, cookie ? { cookie } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const list = (cookie: string | null) => call('GET', 'credentials', cookie);
const create = (cookie: string | null, body: unknown) => call('POST', 'client_grant', cookie, body);
const rotate = (cookie: string | null, body: unknown) => call('PUT', 'client_grant', cookie, body);
const remove = (cookie: string | null, id: string) =>
  call('DELETE', `client_credentials/${encodeURIComponent(id)}`, cookie);

async function created(cookie: string, body: unknown) {
  const response = await create(cookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Record<string, any> }).data;
}

function token(clientId: string, secret: string) {
  return fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
}

async function expectError(response: Response, status: number, code: string | number, name?: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body).toMatchObject({ success: false, error: { code, ...(name ? { name } : {}) } });
}

describe('who may', () => {
  it('refuses without a session (401 NO_SESSION), on every route', async () => {
    await expectError(await list(null), 401, 'NO_SESSION');
    await expectError(await create(null, { grant_type: 'client_credentials' }), 401, 'NO_SESSION');
    await expectError(await rotate(null, { client_id: 'x' }), 401, 'NO_SESSION');
    await expectError(await remove(null, 'x'), 401, 'NO_SESSION');
  });

  it('refuses a member who is not the group owner with code 9, even in a group with API access', async () => {
    const owner = await developer();
    const member = await developer({ owner: false, groupOfEmail: owner.email });
    await expectError(await list(member.cookie), 403, 9, 'NotOwner');
    await expectError(await create(member.cookie, { grant_type: 'client_credentials' }), 403, 9, 'NotOwner');
    await expectError(await rotate(member.cookie, { client_id: 'x' }), 403, 9, 'NotOwner');
    await expectError(await remove(member.cookie, 'x'), 403, 9, 'NotOwner');
  });

  it('refuses an owner whose group has no API access with code 80', async () => {
    const owner = await developer({ apiAccess: false });
    await expectError(await list(owner.cookie), 403, 80, 'AccessDenied');
    await expectError(await create(owner.cookie, { grant_type: 'client_credentials' }), 403, 80, 'AccessDenied');
    await expectError(await rotate(owner.cookie, { client_id: 'x' }), 403, 80, 'AccessDenied');
    await expectError(await remove(owner.cookie, 'x'), 403, 80, 'AccessDenied');
  });

  it('refuses a state-changing request from another origin', async () => {
    const owner = await developer();
    const response = await fetch(`${server.url}/api/client_grant`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(response.status).toBe(403);
    expect((await (await list(owner.cookie)).json()).data.clients.array).toEqual([]);
  });
});

describe('credentials', () => {
  it('creates both grant types, shows the secret once and lists them without it', async () => {
    const owner = await developer();
    expect(await (await list(owner.cookie)).json()).toEqual({
      success: true,
      data: {
        clients: { array: [] },
        // The limits the page shows before they bite, from the server's own configuration.
        limits: { clients_per_grant_type: CAP, redirect_uris_per_grant: 10, redirect_uri_length: 2048 },
        // Absolute URLs of this portal (PUBLIC_URL), as its authorization server metadata names them.
        endpoints: {
          authorization_endpoint: `${server.config.publicUrl}/api/oauth/authorize`,
          token_endpoint: `${server.config.publicUrl}/api/oauth/token`,
        },
      },
    });
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject((await (await list(owner.cookie)).json()).data.endpoints);

    const cc = await created(owner.cookie, { grant_type: 'client_credentials', application_name: 'Nightly export' });
    expect(cc).toEqual({
      id: expect.any(String),
      client_uid: expect.any(String),
      client_id: expect.any(String),
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      scope: CLIENT_CREDENTIALS_SCOPE,
      application_name: 'Nightly export',
      grant_type: 'client_credentials',
      redirect_uris: [],
    });
    const ac = await created(owner.cookie, {
      grant_type: 'authorization_code',
      application_name: '',
      redirect_uris: ['https://app.example/cb', ' https://app.example/other '],
    });
    expect(ac).toMatchObject({
      application_name: 'Not Found',
      grant_type: 'authorization_code',
      scope: AUTHORIZATION_CODE_SCOPE,
      redirect_uris: ['https://app.example/cb', 'https://app.example/other'],
    });

    const response = await list(owner.cookie);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.data.clients.array).toEqual([
      {
        id: cc.id,
        client_uid: cc.client_uid,
        client_id: cc.client_id,
        application_name: 'Nightly export',
        grant_type: 'client_credentials',
        redirect_uris: [],
        scope: CLIENT_CREDENTIALS_SCOPE,
        created_at: expect.any(Number),
        last_used_at: null,
        // Not set up: no health to show.
        alert_forwarding: null,
      },
      expect.objectContaining({
        id: ac.id,
        application_name: 'Not Found',
        redirect_uris: ['https://app.example/cb', 'https://app.example/other'],
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain(cc.secret);
    expect(JSON.stringify(body)).not.toMatch(/secret/);

    // Another account sees none of them.
    const stranger = await developer();
    expect((await (await list(stranger.cookie)).json()).data.clients.array).toEqual([]);
  });

  it('validates the body: strict fields, grant type, redirect URIs', async () => {
    const owner = await developer();
    await expectError(
      await create(owner.cookie, { grant_type: 'client_credentials', extra: 1 }),
      400,
      'VALIDATION_ERROR',
      'ValidationError',
    );
    await expectError(await create(owner.cookie, {}), 400, 'VALIDATION_ERROR', 'ValidationError');
    const broken = await fetch(`${server.url}/api/client_grant`, {
      method: 'POST',
      headers: sameOrigin(server, { cookie: owner.cookie }),
      body: '{',
    });
    expect(broken.status).toBe(400);
    const empty = await fetch(`${server.url}/api/client_grant`, {
      method: 'POST',
      headers: sameOrigin(server, { cookie: owner.cookie }),
    });
    expect(empty.status).toBe(400);
    await expectError(
      await create(owner.cookie, { grant_type: 'password' }),
      400,
      'VALIDATION_ERROR',
      'InvalidGrantType',
    );
    await expectError(
      await create(owner.cookie, { grant_type: 'authorization_code' }),
      400,
      'INVALID_REDIRECT_URI',
      'InvalidRedirectUri',
    );
    await expectError(
      await create(owner.cookie, { grant_type: 'authorization_code', redirect_uris: ['not a url'] }),
      400,
      'INVALID_REDIRECT_URI',
      'InvalidRedirectUri',
    );
    await expectError(
      await create(owner.cookie, { grant_type: 'client_credentials', redirect_uris: ['https://app.example/cb'] }),
      400,
      'INVALID_REDIRECT_URI',
      'InvalidRedirectUri',
    );
    // Too many URIs, or one too long, is said as such, with the limit; not as a malformed URI.
    const uris = (n: number) => Array.from({ length: n }, (_, i) => `https://app.example/cb${i}`);
    await created(owner.cookie, { grant_type: 'authorization_code', redirect_uris: uris(10) });
    const tooMany = await create(owner.cookie, { grant_type: 'authorization_code', redirect_uris: uris(11) });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toEqual({
      code: 'TOO_MANY_REDIRECT_URIS',
      name: 'TooManyRedirectUris',
      data: { limit: 10 },
    });
    const longest = `https://app.example/${'x'.repeat(2048 - 'https://app.example/'.length)}`;
    // Every URI at its longest, as many as allowed: the largest body the rules admit is not refused for its size.
    const longestTen = Array.from({ length: 10 }, (_, i) => `${longest.slice(0, -1)}${i}`);
    await created(owner.cookie, {
      grant_type: 'authorization_code',
      application_name: 'y'.repeat(100),
      redirect_uris: longestTen,
    });
    const tooLong = await create(owner.cookie, { grant_type: 'authorization_code', redirect_uris: [`${longest}y`] });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error).toEqual({
      code: 'REDIRECT_URI_TOO_LONG',
      name: 'RedirectUriTooLong',
      data: { limit: 2048 },
    });
    await expectError(
      await create(owner.cookie, { grant_type: 'client_credentials', application_name: 'x'.repeat(101) }),
      400,
      'VALIDATION_ERROR',
      'ValidationError',
    );
    // The application name cannot be changed: PUT takes the client_id only.
    await expectError(
      await rotate(owner.cookie, { client_id: 'x', application_name: 'New' }),
      400,
      'VALIDATION_ERROR',
      'ValidationError',
    );
    await expectError(await rotate(owner.cookie, {}), 400, 'VALIDATION_ERROR', 'ValidationError');
    // Only the two grants at the limits were made.
    expect((await (await list(owner.cookie)).json()).data.clients.array).toHaveLength(2);
  });

  it('caps the credentials per grant type per account', async () => {
    const owner = await developer();
    for (let i = 0; i < CAP; i++) await created(owner.cookie, { grant_type: 'client_credentials' });
    await expectError(
      await create(owner.cookie, { grant_type: 'client_credentials' }),
      409,
      'CLIENT_LIMIT_EXCEEDED',
      'ClientLimitExceeded',
    );
    // The other grant type has a cap of its own.
    await created(owner.cookie, { grant_type: 'authorization_code', redirect_uris: ['https://app.example/cb'] });
    expect((await (await list(owner.cookie)).json()).data.clients.array).toHaveLength(CAP + 1);
  });

  it('keeps application names unique across accounts, ignoring case; the default name is exempt', async () => {
    const first = await developer();
    const second = await developer();
    await created(first.cookie, { grant_type: 'client_credentials', application_name: 'Care Hub' });
    await expectError(
      await create(second.cookie, { grant_type: 'client_credentials', application_name: 'care hub' }),
      409,
      'APPLICATION_NAME_TAKEN',
      'ApplicationNameTaken',
    );
    await created(first.cookie, { grant_type: 'client_credentials' });
    await created(second.cookie, { grant_type: 'client_credentials', application_name: '  ' });
  });

  it('rotates the secret: the old one is refused at the token endpoint at once, the new one works', async () => {
    const owner = await developer();
    const cc = await created(owner.cookie, { grant_type: 'client_credentials', application_name: 'Rotator' });
    expect((await token(cc.client_id, cc.secret)).status).toBe(200);

    const response = await rotate(owner.cookie, { client_id: cc.client_id });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toEqual({ ...cc, secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(data.secret).not.toBe(cc.secret);

    const old = await token(cc.client_id, cc.secret);
    expect(old.status).toBe(400);
    expect((await old.json()).error).toBe('invalid_client');
    expect((await token(cc.client_id, data.secret)).status).toBe(200);
  });

  it('rotates and deletes only the account’s own credentials', async () => {
    const owner = await developer();
    const other = await developer();
    const cc = await created(owner.cookie, { grant_type: 'client_credentials' });
    await expectError(await rotate(other.cookie, { client_id: cc.client_id }), 404, 'NOT_FOUND');
    await expectError(await remove(other.cookie, cc.id), 404, 'NOT_FOUND');
    await expectError(await remove(owner.cookie, 'no-such-id'), 404, 'NOT_FOUND');
    expect((await token(cc.client_id, cc.secret)).status).toBe(200);
  });

  it('deletes a credential: the client is refused from then on', async () => {
    const owner = await developer();
    const cc = await created(owner.cookie, { grant_type: 'client_credentials' });
    expect((await token(cc.client_id, cc.secret)).status).toBe(200);
    // As the SPA sends it: labelled JSON, with no body.
    const response = await fetch(`${server.url}/api/client_credentials/${cc.id}`, {
      method: 'DELETE',
      headers: sameOrigin(server, { cookie: owner.cookie }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const refused = await token(cc.client_id, cc.secret);
    expect((await refused.json()).error).toBe('invalid_client');
    expect((await (await list(owner.cookie)).json()).data.clients.array).toEqual([]);
    await expectError(await remove(owner.cookie, cc.id), 404, 'NOT_FOUND');
  });

  it('shows when a credential was last used at the token endpoint', async () => {
    const owner = await developer();
    const cc = await created(owner.cookie, { grant_type: 'client_credentials' });
    const before = Date.now();
    expect((await token(cc.client_id, cc.secret)).status).toBe(200);
    const [row] = (await (await list(owner.cookie)).json()).data.clients.array;
    expect(row.last_used_at).toBeGreaterThanOrEqual(before - 1000);
    expect(row.last_used_at).toBeLessThanOrEqual(Date.now());
  });
});
