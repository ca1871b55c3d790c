import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { registerClient, startOAuthTestServer, type TestClient } from '../support/oauth-client.ts';
import { createUser, type TestServer } from '../support/server.ts';

/**
 * RFC 6749 §2.3 and §5.2 at the three endpoints that authenticate clients: one method per request, and a client that
 * tried the Authorization header hears 401 with a challenge, whatever was wrong with it.
 */

let server: TestServer;
let owner: UserRecord;
let machine: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await startOAuthTestServer();
  owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  machine = await registerClient(server, owner, { grantType: 'client_credentials' });
  other = await registerClient(server, owner, { grantType: 'client_credentials' });
});
afterAll(() => server.close());

const ENDPOINTS = [
  { path: 'token', params: { grant_type: 'client_credentials' } },
  { path: 'introspect', params: { token: 'x' } },
  { path: 'revoke', params: { token: 'x' } },
] as const;

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

function post(path: string, params: Record<string, string>, authorization?: string) {
  return fetch(`${server.url}/api/oauth/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(params),
  });
}

describe('client authentication at the token, introspection and revocation endpoints', () => {
  it.each(ENDPOINTS)(
    '$path: Basic and client_secret in the body at once is invalid_request (RFC 6749 §2.3)',
    async ({ path, params }) => {
      const { clientId } = machine.client;
      const response = await post(
        path,
        { ...params, client_id: clientId, client_secret: machine.secret },
        basic(clientId, machine.secret),
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    },
  );

  it.each(ENDPOINTS)(
    '$path: a body client_id naming another client than Basic is invalid_request',
    async ({ path, params }) => {
      const response = await post(
        path,
        { ...params, client_id: other.client.clientId },
        basic(machine.client.clientId, machine.secret),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('invalid_request');
    },
  );

  it.each(ENDPOINTS)(
    '$path: Basic with the same client_id in the body, as some libraries send it, works',
    async ({ path, params }) => {
      const response = await post(
        path,
        { ...params, client_id: machine.client.clientId },
        basic(machine.client.clientId, machine.secret),
      );
      expect(response.status).toBe(200);
    },
  );

  it.each(ENDPOINTS)(
    '$path: a Basic header that holds no usable id and secret is 401 with a challenge',
    async ({ path, params }) => {
      for (const authorization of [
        'Basic !!!',
        `Basic ${Buffer.from(machine.client.clientId).toString('base64')}`,
        `Basic ${Buffer.from(`${machine.client.clientId}:`).toString('base64')}`,
      ]) {
        const response = await post(path, { ...params }, authorization);
        expect(response.status, authorization).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
        expect((await response.json()).error).toBe('invalid_client');
      }
    },
  );
});
