import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '../support/oauth-client.ts';
import { createUser, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function openApi(): Promise<Record<string, any>> {
  const response = await fetch(`${server.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('the API reference (architecture.md §3)', () => {
  it('GET /api/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const document = await openApi();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('every route has a contract: only the static files of the build are served without one', () => {
    const without = server.app.recordedRoutes.filter((route) => !route.contract).map((r) => `${r.method} ${r.url}`);
    expect(
      without.every((route) => / \/\*$/.test(route)),
      without.join('\n'),
    ).toBe(true);
  });

  it('the check above can fail: a route registered without a contract is recorded as such', async () => {
    const { buildApp } = await import('#server/app.ts');
    const app = await buildApp(server.config);
    app.get('/api/uncontracted', async () => ({}));
    await app.ready();
    expect(app.recordedRoutes.some((route) => route.url === '/api/uncontracted' && !route.contract)).toBe(true);
    await app.close();
  });

  it('documents every contracted route, with the refusals of the catalogue it may answer', async () => {
    const document = await openApi();
    for (const { method, contract } of server.app.recordedRoutes) {
      if (!contract || contract.hidden || method !== contract.method) continue;
      const path = contract.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${contract.url}`).toBeDefined();
      for (const status of Object.keys(contract.response)) expect(operation.responses[status]).toBeDefined();
    }
    const login = document.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].example).toBeDefined();
    expect(login.responses['401'].content['application/json'].schema.properties.error.properties.name.enum).toEqual(
      expect.arrayContaining(['EmailNotRegistered', 'InvalidEmailOrPassword', 'NoSession']),
    );
    expect(login.responses['400'].content['application/json'].schema.properties.error.properties.code.enum).toContain(
      'VALIDATION_ERROR',
    );
  });

  it('the token request example works as written: a client that copies it gets a token, not invalid_scope', async () => {
    const document = await openApi();
    const example = document.paths['/api/oauth/token'].post.requestBody.content['application/x-www-form-urlencoded']
      .example as Record<string, string>;
    const owner = await createUser(server, { email: 'reference@example.com', owner: true, apiAccess: true });
    const client = await registerClient(server, owner, { grantType: example.grant_type as 'client_credentials' });
    const response = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...example, client_id: client.client.clientId, client_secret: client.secret }),
    });
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', scope: example.scope });
  });
});
