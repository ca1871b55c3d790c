import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import type { AlertIngestion } from '#shared-domain/alert-delivery.ts';
import { startOAuthTestServer } from '#tests/support/oauth-client.ts';
import { createUser, loginCookie, sameOrigin, type TestServer, type TestServerEnv } from '#tests/support/server.ts';

/** Helpers for the alert ingestion and delivery tests: a portal, a service client, accounts and webhooks. */

/**
 * A portal whose issuer is its real address (tokens verify), whose worker polls often and may call loopback
 * receivers: the one test switch, ALERT_WEBHOOK_ALLOW_LOOPBACK, which production leaves unset.
 */
export function startAlertServer(env: TestServerEnv = {}): Promise<TestServer> {
  return startOAuthTestServer({
    ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
    ALERT_DELIVERY_POLL_MS: '50',
    ALERT_DELIVERY_TIMEOUT_MS: '2000',
    CLIENT_CAP_PER_GRANT_TYPE: '100',
    ...env,
  });
}

export async function tokenFor(server: Pick<TestServer, 'url'>, clientId: string, secret: string, scope?: string) {
  const response = await fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
  });
  const body = (await response.json()) as { access_token?: string; scope?: string; error?: string };
  if (!body.access_token) throw new Error(`no token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A service client as the operator CLI makes it, and a fresh access token of it. */
export async function serviceToken(server: TestServer): Promise<string> {
  const { client, secret } = await createServiceClient(server.db, { name: `Monitoring backend ${++counter}` });
  return tokenFor(server, client.clientId, secret);
}

export function ingest(server: Pick<TestServer, 'url'>, token: string | null, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/internal/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

let counter = 0;

/**
 * A valid hand-in for this user; every call a new idempotency key unless one is given. Typed as valid: the tests that
 * override a field to make it invalid send it over HTTP, where the server judges it.
 */
export function alertBody(userId: string, overrides: Record<string, unknown> = {}): AlertIngestion {
  return {
    idempotency_key: `evt-${Date.now()}-${++counter}`,
    user_id: userId,
    type: 'fall_detected',
    occurred_at: new Date(Date.now() - 1000).toISOString(),
    severity: 'critical',
    camera: { id: 'cam-17', name: 'Living room camera' },
    room: { id: 'room-3', name: 'Living room' },
    person: { id: 'person-2', name: 'Grandma' },
    snapshot_url: 'https://media.monitoring.example/s/1.jpg',
    ...overrides,
  } as AlertIngestion;
}

/**
 * What a receiver reads once it opens an alert handed in with `alertBody`'s defaults (docs/api/alert-forwarding.md,
 * "The alert"): written out field by field from that document, not derived from the sealing code.
 */
export function openedAlertBody(alertId: string, clientUid: string): Record<string, unknown> {
  return {
    version: 4,
    alert_id: alertId,
    issued_at: expect.any(String),
    client_uid: clientUid,
    type: 'fall_detected',
    occurred_at: expect.any(String),
    severity: 'critical',
    camera: { id: 'cam-17', name: 'Living room camera' },
    room: { id: 'room-3', name: 'Living room' },
    person: { id: 'person-2', name: 'Grandma' },
    snapshot_url: 'https://media.monitoring.example/s/1.jpg',
  };
}

// Generating 2048-bit keys is the slow part: one customer key pair for every configuration of a test file.
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const customer = {
  publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

export interface ForwardingKeys {
  uid: string;
  credentialId: string;
  aesKey: string;
  portalPublicKey: string;
}

/** An owner with API access and, for each webhook, one credential whose alert forwarding posts there. */
export async function accountWithForwarding(
  server: TestServer,
  webhooks: readonly string[],
  options: { companyId?: string } = {},
) {
  const email = `alerts${++counter}@example.com`;
  const user = await createUser(server, { email, owner: true, apiAccess: true, companyId: options.companyId });
  const cookie = await loginCookie(server, email);
  const configs: ForwardingKeys[] = [];
  for (const url of webhooks) {
    const grant = await api(server, cookie, 'POST', '/api/client_grant', {
      grant_type: 'client_credentials',
      application_name: `Forwarder ${++counter}`,
    });
    const keys = await api(server, cookie, 'POST', `/api/alert_forwarding_config/${grant.client_uid}`, {
      url,
      public_rsa_key: customer.publicPem,
    });
    configs.push({
      uid: grant.client_uid,
      credentialId: grant.id,
      aesKey: keys.aes_key,
      portalPublicKey: keys.portal_public_key,
    });
  }
  // Setup pings each webhook; its first answer is in before the test's own alerts, so they never share a call slot.
  await until(() => pingsAnswered(server, user.groupId), 15_000);
  return { user, email, cookie, configs };
}

export async function api(
  server: Pick<TestServer, 'url'>,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: sameOrigin(server, { cookie }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

/** docs/api/alert-forwarding-decrypt.mjs as a module: what a customer's receiver would import. */
export interface DecryptExample {
  decryptAlert(
    envelope: unknown,
    keys: { privateKeyPem: string; aesKeyHex: string; portalPublicKeyPem: string },
    options?: { now?: number; maxAgeSeconds?: number; seen?: { has(id: string): boolean; add(id: string): void } },
  ): Record<string, any>;
  REPLAY_WINDOW_SECONDS: number;
  CLOCK_SKEW_SECONDS: number;
}

export const DECRYPT_EXAMPLE = resolve('docs/api/alert-forwarding-decrypt.mjs');

export async function decryptExample(): Promise<DecryptExample> {
  return (await import(pathToFileURL(DECRYPT_EXAMPLE).href)) as DecryptExample;
}

export function keysOf(config: ForwardingKeys) {
  return { privateKeyPem: customer.privatePem, aesKeyHex: config.aesKey, portalPublicKeyPem: config.portalPublicKey };
}

/** What a receiver got: one POST. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  at: number;
}

/** How a receiver answers one POST: a status (with headers and body), or never ('hang': until it is closed). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  /** Every POST but pings (X-Portal-Event: ping), which `pings` holds. */
  received: Received[];
  /** The pings a setup or a new webhook URL sends, answered `pingReply` without taking a scripted reply. */
  pings: Received[];
  pingReply: Exclude<Reply, 'hang'>;
  /** Answers for the next POSTs, in order; afterwards 200. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

/** A webhook on 127.0.0.1: records every POST and answers as scripted. */
export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const pings: Received[] = [];
  const replies: Reply[] = [];
  const pingReply = { status: 200 } as Exclude<Reply, 'hang'>;
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const post = { path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null, at: Date.now() };
      const ping = req.headers['x-portal-event'] === 'ping';
      (ping ? pings : received).push(post);
      const reply = ping ? receiver.pingReply : (replies.shift() ?? { status: 200 });
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(reply.status, reply.headers).end(reply.body ?? ''), reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    pings,
    pingReply,
    script: (...next) => replies.push(...next),
    close: () =>
      new Promise<void>((done) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return receiver;
}

export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false && value !== null) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every ping of the account has ended its first attempt (answered, refused or failed). */
export async function pingsAnswered(server: TestServer, groupId: string): Promise<boolean> {
  const open = await server.db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alerts as a', 'a.id', 'd.alert_id')
    .select('d.id')
    .where('a.group_id', '=', groupId)
    .where('a.kind', '=', 'ping')
    .where((eb) => eb.or([eb('d.attempts', '=', 0), eb('d.lease_until', 'is not', null)]))
    .execute();
  return open.length === 0;
}

export function deliveriesOf(server: TestServer, alertId: string) {
  return server.db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('version', 'desc')
    .orderBy('client_id')
    .execute();
}
