import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_CODE_SCOPE, CLIENT_CREDENTIALS_SCOPE } from '#server/modules/clients/client-scopes.ts';
import {
  authenticateClient,
  createClient,
  deleteClient,
  listClients,
  rotateSecret,
} from '#server/modules/clients/clients.service.ts';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let ann: UserRecord;
let bob: UserRecord;

beforeAll(async () => {
  server = await startTestServer({ CLIENT_CAP_PER_GRANT_TYPE: '2' });
  ann = await createUser(server, { email: 'ann@example.com', owner: true, apiAccess: true });
  bob = await createUser(server, { email: 'bob@example.com', owner: true, apiAccess: true });
});
afterAll(() => server.close());

const create = (
  owner: UserRecord,
  input: { grantType: string; applicationName?: string | null; redirectUris?: string[] },
) => createClient(server.db, server.config, { groupId: owner.groupId, userId: owner.id, ...input });

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => expect.unreachable('should have been refused'),
    (err: { status: number; name: string; code: string }) => ({ status: err.status, name: err.name, code: err.code }),
  );
}

describe('client store (the developer credentials)', () => {
  it('creates a credential whose 32-byte secret exists only in the answer, stored as its SHA-256', async () => {
    const { client, secret } = await create(ann, {
      grantType: 'authorization_code',
      applicationName: '  Home Care  ',
      redirectUris: ['https://care.example/cb', ' https://care.example/cb2 '],
    });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(client).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clientUid: expect.stringMatching(/^[0-9a-f]{32}$/),
      clientId: expect.stringMatching(/^[0-9a-f]{32}$/),
      groupId: ann.groupId,
      createdBy: ann.id,
      applicationName: 'Home Care',
      grantType: 'authorization_code',
      redirectUris: ['https://care.example/cb', 'https://care.example/cb2'],
      scope: AUTHORIZATION_CODE_SCOPE,
      lastUsedAt: null,
      secretRotatedAt: null,
    });
    expect(client).not.toHaveProperty('secretHash');
    const row = await server.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await authenticateClient(server.db, client.clientId, secret)).toMatchObject({ id: client.id });
    expect(await authenticateClient(server.db, client.clientId, secret.slice(1))).toBeNull();
  });

  it('gives client_credentials the read scopes and no redirect URIs', async () => {
    const { client } = await create(ann, { grantType: 'client_credentials', applicationName: 'Exporter' });
    expect(client.scope).toBe(CLIENT_CREDENTIALS_SCOPE);
    expect(client.redirectUris).toEqual([]);
    expect(CLIENT_CREDENTIALS_SCOPE.split(' ').every((s) => s.endsWith(':read'))).toBe(true);
    expect(CLIENT_CREDENTIALS_SCOPE).not.toContain('internal');
  });

  it('names an unnamed credential “Not Found”, which any number of accounts may use', async () => {
    const one = await create(bob, { grantType: 'client_credentials', applicationName: '' });
    const two = await create(ann, { grantType: 'client_credentials', applicationName: null });
    expect([one.client.applicationName, two.client.applicationName]).toEqual(['Not Found', 'Not Found']);
  });

  it('refuses a name another account took, whatever its case: 409 ApplicationNameTaken', async () => {
    expect(
      await rejection(
        create(bob, {
          grantType: 'authorization_code',
          applicationName: 'HOME CARE',
          redirectUris: ['https://x.example/cb'],
        }),
      ),
    ).toEqual({ status: 409, name: 'ApplicationNameTaken', code: 'APPLICATION_NAME_TAKEN' });
  });

  it('caps credentials per grant type per account: 409 ClientLimitExceeded', async () => {
    // ann holds two client_credentials already (Exporter, Not Found); the cap is 2 in this file.
    expect(await rejection(create(ann, { grantType: 'client_credentials', applicationName: 'Third' }))).toEqual({
      status: 409,
      name: 'ClientLimitExceeded',
      code: 'CLIENT_LIMIT_EXCEEDED',
    });
    // Other grant types and other accounts count separately.
    await create(ann, {
      grantType: 'authorization_code',
      applicationName: 'Second code app',
      redirectUris: ['https://a.example/cb'],
    });
    await create(bob, { grantType: 'client_credentials', applicationName: 'Bob two' });
  });

  it('holds the cap under concurrent creation', async () => {
    const carol = await createUser(server, { email: 'carol@example.com', owner: true });
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((i) => create(carol, { grantType: 'client_credentials', applicationName: `Carol ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await listClients(server.db, carol.groupId)).length).toBe(2);
  });

  it.each([
    [{ grantType: 'authorization_code' }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['   '] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['/relative'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['ftp://x.example/cb'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['javascript:alert(1)'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['https://x.example/cb#frag'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['https://user:pw@x.example/cb'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['data:/text/html,x'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['file:///etc/passwd'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['myapp:/cb'] }, 'InvalidRedirectUri'],
    [{ grantType: 'authorization_code', redirectUris: ['com.example.app:/cb#frag'] }, 'InvalidRedirectUri'],
    [{ grantType: 'client_credentials', redirectUris: ['https://x.example/cb'] }, 'InvalidRedirectUri'],
    [{ grantType: 'implicit' }, 'InvalidGrantType'],
    [{ grantType: 'client_credentials', applicationName: 'x'.repeat(101) }, 'ValidationError'],
  ])('refuses %j with 400 %s', async (input, name) => {
    const dave = await createUser(server, { email: `dave${Math.random()}@example.com`, owner: true });
    expect(await rejection(create(dave, input))).toMatchObject({ status: 400, name });
    expect(await listClients(server.db, dave.groupId)).toEqual([]);
  });

  it('registers native apps: loopback IP literals and reverse-domain private-use schemes (RFC 8252), stored as given', async () => {
    const erin = await createUser(server, { email: 'erin@example.com', owner: true });
    const redirectUris = [
      'http://127.0.0.1/cb',
      'http://[::1]:8080/cb',
      'http://localhost:8080/cb',
      'com.example.app:/oauth2redirect',
    ];
    const { client } = await create(erin, { grantType: 'authorization_code', applicationName: 'Native', redirectUris });
    expect(client.redirectUris).toEqual(redirectUris);
  });

  it('lists an account’s credentials only, without secrets', async () => {
    const list = await listClients(server.db, bob.groupId);
    expect(list.map((c) => c.applicationName)).toEqual(['Not Found', 'Bob two']);
    for (const c of list) expect(c).not.toHaveProperty('secretHash');
  });

  it('rotates a secret within the owning account only; the old one stops at once', async () => {
    const { client, secret } = await create(bob, {
      grantType: 'authorization_code',
      applicationName: 'Rotator',
      redirectUris: ['https://r.example/cb'],
    });
    expect(await rejection(rotateSecret(server.db, ann.groupId, client.clientId))).toMatchObject({ status: 404 });
    const rotated = await rotateSecret(server.db, bob.groupId, client.clientId);
    expect(rotated.client.secretRotatedAt).toEqual(expect.any(Number));
    expect(await authenticateClient(server.db, client.clientId, secret)).toBeNull();
    expect(await authenticateClient(server.db, client.clientId, rotated.secret)).not.toBeNull();
  });

  it('deletes within the owning account only', async () => {
    const [first] = await listClients(server.db, bob.groupId);
    expect(await rejection(deleteClient(server.db, ann.groupId, first!.id))).toMatchObject({
      status: 404,
      name: 'ClientNotFound',
    });
    await deleteClient(server.db, bob.groupId, first!.id);
    expect((await listClients(server.db, bob.groupId)).map((c) => c.id)).not.toContain(first!.id);
    expect(await rejection(deleteClient(server.db, bob.groupId, first!.id))).toMatchObject({ status: 404 });
  });
});
