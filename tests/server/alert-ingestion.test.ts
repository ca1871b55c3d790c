import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { AUTHORIZATION_CODE_SCOPE, CLIENT_CREDENTIALS_SCOPE } from '#server/modules/clients/client-scopes.ts';
import { ALERT_INGEST_SCOPE } from '#shared-domain/alert-delivery.ts';
import { authorizeWithConsent, discover, insecure, REDIRECT_URI, registerClient } from '#tests/support/oauth-client.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from '#tests/support/server.ts';
import { alertBody, ingest, serviceToken, startAlertServer, tokenFor } from './helpers/alert-delivery.ts';

// POST /api/internal/alerts (docs/api/alert-ingestion.md): who may hand alerts in, what they must send, and that a
// retried hand-in never queues an alert twice. On SQLite, and on PostgreSQL with DATABASE_URL.

let server: TestServer;
let token: string;
let userId: string;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startAlertServer({ OAUTH_RESOURCES: 'https://telemetry.example/api' });
  token = await serviceToken(server);
  userId = (await createUser(server, { email: 'holder@example.com', owner: true, apiAccess: true })).id;
  as = await discover(server);
});
afterAll(() => server.close());

async function expectRefusal(response: Response, status: number, name: string, code: string | number) {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, error: { name, code } });
}

describe('who may hand alerts in', () => {
  it('refuses without a token, with something that is not one of our tokens, and with a revoked token (401)', async () => {
    const none = await ingest(server, null, alertBody(userId));
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="portal"');
    await expectRefusal(none, 401, 'InvalidAccessToken', 'INVALID_ACCESS_TOKEN');

    const forged = await ingest(server, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', alertBody(userId));
    expect(forged.headers.get('www-authenticate')).toBe('Bearer realm="portal", error="invalid_token"');
    await expectRefusal(forged, 401, 'InvalidAccessToken', 'INVALID_ACCESS_TOKEN');

    const basic = await fetch(`${server.url}/api/internal/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic YTpi' },
      body: JSON.stringify(alertBody(userId)),
    });
    await expectRefusal(basic, 401, 'InvalidAccessToken', 'INVALID_ACCESS_TOKEN');

    const { client, secret } = await createServiceClient(server.db, { name: 'Revoked backend' });
    const revoked = await tokenFor(server, client.clientId, secret);
    expect((await ingest(server, revoked, alertBody(userId))).status).toBe(202);
    const revocation = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: revoked }),
    });
    expect(revocation.status).toBe(200);
    await expectRefusal(
      await ingest(server, revoked, alertBody(userId)),
      401,
      'InvalidAccessToken',
      'INVALID_ACCESS_TOKEN',
    );
  });

  it('refuses a service token issued for another resource (RFC 8707 audience)', async () => {
    const { client, secret } = await createServiceClient(server.db, { name: 'Elsewhere backend' });
    const response = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: 'https://telemetry.example/api' }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    await expectRefusal(
      await ingest(server, access_token, alertBody(userId)),
      401,
      'InvalidAccessToken',
      'INVALID_ACCESS_TOKEN',
    );
  });

  it('refuses every credential made on the portal (403 InsufficientScope), alert:write consented included', async () => {
    const owner = await createUser(server, { email: 'developer@example.com', owner: true, apiAccess: true });
    const machine = await registerClient(server, owner, { grantType: 'client_credentials' });
    const readToken = await tokenFor(server, machine.client.clientId, machine.secret);
    const refused = await ingest(server, readToken, alertBody(userId));
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer realm="portal", error="insufficient_scope", scope="${ALERT_INGEST_SCOPE}"`,
    );
    await expectRefusal(refused, 403, 'InsufficientScope', 'INSUFFICIENT_SCOPE');
    await expectRefusal(
      await ingest(
        server,
        await tokenFor(server, machine.client.clientId, machine.secret, 'alert:read'),
        alertBody(userId),
      ),
      403,
      'InsufficientScope',
      'INSUFFICIENT_SCOPE',
    );

    // A third-party application the owner consented alert:write to: a real token, the wrong scope.
    const app = await registerClient(server, owner, { grantType: 'authorization_code' });
    const cookie = await loginCookie(server, 'developer@example.com');
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const callback = await authorizeWithConsent(server, cookie, { client: app, scope: 'alert:write', codeVerifier });
    const params = oauth.validateAuthResponse(as, app.oauthClient, callback, oauth.expectNoState);
    const exchanged = await oauth.processAuthorizationCodeResponse(
      as,
      app.oauthClient,
      await oauth.authorizationCodeGrantRequest(
        as,
        app.oauthClient,
        app.auth,
        params,
        REDIRECT_URI,
        codeVerifier,
        insecure,
      ),
    );
    expect(exchanged.scope).toBe('alert:write');
    await expectRefusal(
      await ingest(server, exchanged.access_token, alertBody(userId)),
      403,
      'InsufficientScope',
      'INSUFFICIENT_SCOPE',
    );
  });

  it('self-service can never grant the ingestion scope', async () => {
    expect(CLIENT_CREDENTIALS_SCOPE.split(' ')).not.toContain(ALERT_INGEST_SCOPE);
    expect(AUTHORIZATION_CODE_SCOPE.split(' ')).not.toContain(ALERT_INGEST_SCOPE);
    const owner = await createUser(server, { email: 'greedy@example.com', owner: true, apiAccess: true });
    const cookie = await loginCookie(server, 'greedy@example.com');

    // The create-grant body takes no scope: asking for one is a refused field, not a granted scope.
    const asked = await fetch(`${server.url}/api/client_grant`, {
      method: 'POST',
      headers: sameOrigin(server, { cookie }),
      body: JSON.stringify({ grant_type: 'client_credentials', application_name: 'Greedy', scope: ALERT_INGEST_SCOPE }),
    });
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({
      error: { name: 'ValidationError', data: { field: 'scope', problem: 'unknown_field' } },
    });

    // A credential made on the portal cannot ask the token endpoint for it either.
    const machine = await registerClient(server, owner, { grantType: 'client_credentials' });
    const grant = await fetch(`${server.url}/api/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${machine.client.clientId}:${machine.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: ALERT_INGEST_SCOPE }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'invalid_scope' });

    // Nor may a person consent it to an application.
    const app = await registerClient(server, owner, { grantType: 'authorization_code' });
    const back = await authorizeWithConsent(server, cookie, { client: app, scope: ALERT_INGEST_SCOPE });
    expect(back.searchParams.get('error')).toBe('invalid_scope');

    const rows = await server.db.selectFrom('oauth_clients').select(['scope', 'created_by']).execute();
    for (const row of rows) {
      if (row.scope.split(' ').includes(ALERT_INGEST_SCOPE)) expect(row.created_by).toBeNull();
    }
  });

  it('lets a service client in: 202 with the alert id, at once', async () => {
    const response = await ingest(server, token, alertBody(userId));
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      data: { alert_id: expect.stringMatching(/^[0-9a-f-]{36}$/), deliveries: 0 },
    });
    const row = await server.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', body.data.alert_id)
      .executeTakeFirst();
    expect(row).toMatchObject({ kind: 'alert', type: 'fall_detected', severity: 'critical', delivery_count: 0 });
    // Names of people and rooms are sealed at rest.
    expect(row!.payload_sealed).not.toContain('Grandma');
    expect(row!.payload_sealed).not.toContain('Living room');
  });
});

describe('what must be sent', () => {
  it.each([
    ['a missing field', { camera: undefined }, 'camera', 'invalid'],
    ['an unknown field', { priority: 1 }, 'priority', 'unknown_field'],
    ['an unknown event type', { type: 'smoke' }, 'type', 'invalid'],
    ['a time without a zone', { occurred_at: '2026-11-26T08:15:30' }, 'occurred_at', 'invalid'],
    ['a time in the future', { occurred_at: new Date(Date.now() + 3_600_000).toISOString() }, 'occurred_at', 'invalid'],
    ['an http snapshot', { snapshot_url: 'http://media.example/s.jpg' }, 'snapshot_url', 'invalid'],
    ['a snapshot with credentials', { snapshot_url: 'https://u:p@media.example/s.jpg' }, 'snapshot_url', 'invalid'],
    ['a camera name over 100', { camera: { id: 'c', name: 'x'.repeat(101) } }, 'camera', 'too_long'],
    ['an empty room name', { room: { id: 'r', name: '  ' } }, 'room', 'too_short'],
    ['an idempotency key with a space', { idempotency_key: 'evt 1' }, 'idempotency_key', 'invalid'],
    ['an idempotency key over 200', { idempotency_key: 'k'.repeat(201) }, 'idempotency_key', 'too_long'],
    ['an unknown severity', { severity: 'urgent' }, 'severity', 'invalid'],
  ])('refuses %s with VALIDATION_ERROR naming the field', async (_label, change, field, problem) => {
    const response = await ingest(server, token, alertBody(userId, change));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', name: 'ValidationError', data: { field, problem } },
    });
  });

  it('checks who calls before what they sent', async () => {
    await expectRefusal(
      await ingest(server, null, { nonsense: true }),
      401,
      'InvalidAccessToken',
      'INVALID_ACCESS_TOKEN',
    );
  });

  it('refuses a malformed body, and an unknown user (404 AlertAccountNotFound)', async () => {
    const malformed = await fetch(`${server.url}/api/internal/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"user_id":',
    });
    await expectRefusal(malformed, 400, 'BadRequest', 'BAD_REQUEST');
    await expectRefusal(
      await ingest(server, token, alertBody('00000000-0000-4000-8000-000000000000')),
      404,
      'AlertAccountNotFound',
      'NOT_FOUND',
    );
  });

  it('takes a person and a snapshot as optional', async () => {
    const response = await ingest(server, token, alertBody(userId, { person: null, snapshot_url: undefined }));
    expect(response.status).toBe(202);
  });
});

describe('idempotency', () => {
  it('a retry with the same key and body gets the same answer and queues nothing more', async () => {
    const body = alertBody(userId);
    const first = await ingest(server, token, body);
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const answer = await first.json();

    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const again of [body, reordered]) {
      const retry = await ingest(server, token, again);
      expect(retry.status).toBe(202);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(answer);
    }
    const rows = await server.db
      .selectFrom('alerts')
      .select('id')
      .where('idempotency_key', '=', body.idempotency_key)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('an optional field left out is the same request as that field sent as null', async () => {
    const body = alertBody(userId, { person: undefined, snapshot_url: null });
    const first = await (await ingest(server, token, body)).json();
    const retry = await ingest(server, token, { ...body, person: null, snapshot_url: undefined });
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([202, 'true']);
    expect(await retry.json()).toEqual(first);
  });

  it('the same key with another body is refused (422 IdempotencyKeyReused) and the first alert stands', async () => {
    const body = alertBody(userId);
    const first = await (await ingest(server, token, body)).json();
    const other = await ingest(server, token, { ...body, severity: 'low' });
    await expectRefusal(other, 422, 'IdempotencyKeyReused', 'IDEMPOTENCY_KEY_REUSED');
    const row = await server.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', first.data.alert_id)
      .executeTakeFirst();
    expect(row?.severity).toBe('critical');
  });

  it('the same key sent at once many times makes one alert, and every answer names it', async () => {
    const body = alertBody(userId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ingest(server, token, body)));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(202));
    expect(new Set(bodies.map((b) => b.data.alert_id)).size).toBe(1);
    const rows = await server.db
      .selectFrom('alerts')
      .select('id')
      .where('idempotency_key', '=', body.idempotency_key)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keys belong to their service client: another client may use the same key', async () => {
    const body = alertBody(userId);
    const first = await (await ingest(server, token, body)).json();
    const second = await (await ingest(server, await serviceToken(server), body)).json();
    expect(second.data.alert_id).not.toBe(first.data.alert_id);
  });
});

describe('the reference', () => {
  it('documents the route with its Bearer security, its 202 and its refusals', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    const operation = document.paths['/api/internal/alerts'].post;
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '404', '422']),
    );
    expect(operation.requestBody.content['application/json'].example).toMatchObject({ type: 'fall_detected' });
  });
});
