import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createUser, sameOrigin, startTestServer, type TestServer } from '../support/server.ts';

/**
 * What an operator runs the portal by (docs/operations.md): liveness and readiness, request ids in every log line and
 * in every answer, and the Prometheus metrics an operator turns on. On SQLite, and on PostgreSQL and Redis when
 * DATABASE_URL and REDIS_URL are set.
 */

const servers: TestServer[] = [];

async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
  const server = await startTestServer(...args);
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A port nothing listens on: connecting is refused at once. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

describe('liveness and readiness', () => {
  it('GET /readyz is 200 with each check when the database (and Redis, when configured) answer', async () => {
    const server = await start();
    // Redis may still be connecting just after the start, and a command meanwhile fails at once: not ready yet.
    let response = await fetch(`${server.url}/readyz`);
    for (const deadline = Date.now() + 5000; response.status !== 200 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await fetch(`${server.url}/readyz`);
    }
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: { database: 'ok', ...(process.env.REDIS_URL ? { redis: 'ok' } : {}) },
    });
  });

  it('with the database gone, /readyz is 503 ServiceUnavailable with Retry-After, and /healthz stays 200', async () => {
    const server = await start();
    await server.db.destroy();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    const body = await ready.json();
    expect(body).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', name: 'ServiceUnavailable', data: { retry_after_seconds: 5 } },
    });
    expect(body.error.data.checks.database).toBe('unreachable');
    // Liveness says only that the process answers: restarting it would not bring the database back.
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  // Every instance shares the one Redis: were it a readiness condition, a Redis outage would take every instance out of
  // the load balancer at once, while each can serve on with its limits counted in its own memory (architecture.md §5).
  it('with Redis configured but unreachable, /readyz stays 200, degraded, naming Redis', async () => {
    const server = await start({ REDIS_URL: DEAD_REDIS_URL, REDIS_KEY_PREFIX: 'test:dead:' });
    const started = Date.now();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable' } });
    // Within the probe's own budget: each check gives up after 2 seconds.
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

/** Log lines as JSON objects, the way the server writes them (one per line). */
function logCollector() {
  const lines: Record<string, any>[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        for (const part of line.split('\n')) if (part.trim()) lines.push(JSON.parse(part));
      },
    },
  };
}

describe('request ids', () => {
  it('every log line of a request, and its answer, carry one id; a well-formed incoming X-Request-Id is kept', async () => {
    const logs = logCollector();
    const server = await start({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    const response = await fetch(`${server.url}/api/config`, { headers: { 'x-request-id': 'lb-7f3a.42:x_y' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a.42:x_y');
    const own = logs.lines.filter((line) => line.reqId === 'lb-7f3a.42:x_y');
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);

    const fresh = await fetch(`${server.url}/api/config`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Every line that is about a request names it.
    for (const line of logs.lines.filter((entry) => entry.req || entry.res)) expect(line.reqId).toBeTruthy();
  });

  it.each([
    ['with spaces', 'a b'],
    ['with a quote', 'a"b'],
    ['too long', 'x'.repeat(129)],
    ['empty', ''],
  ])('an incoming X-Request-Id %s is replaced by a fresh one', async (_label, given) => {
    const server = await start();
    const response = await server.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': given } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the error handler's log line of a failed request carries the request's id", async () => {
    const logs = logCollector();
    const server = await start({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
    await server.db.destroy();
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { ...sameOrigin(server), 'x-request-id': 'failing-request-1' },
      body: JSON.stringify({ username: 'ann@example.com', password: 'Secret1234' }),
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const failure = logs.lines.find((line) => line.reqId === 'failing-request-1' && line.level >= 40 && line.err);
    expect(failure, JSON.stringify(logs.lines.filter((l) => l.reqId === 'failing-request-1'))).toBeDefined();
  });
});

/** Prometheus text format 0.0.4: HELP and TYPE lines, then samples `name{labels} value`, one per line. */
function parseExposition(text: string): {
  types: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
} {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|\+Inf|-Inf|NaN)$/;
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/g;
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      expect(['counter', 'gauge', 'histogram']).toContain(type);
      types.set(name as string, type as string);
      continue;
    }
    const match = sample.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name = '', , labelText = '', value = ''] = match as RegExpExecArray;
    const labels: Record<string, string> = {};
    for (const [, key = '', raw = ''] of labelText.matchAll(label)) labels[key] = raw.replace(/\\(.)/g, '$1');
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name) || types.has(family), `a sample before its TYPE: ${line}`).toBe(true);
    samples.push({ name, labels, value: Number(value === '+Inf' ? Number.POSITIVE_INFINITY : value) });
  }
  return { types, samples };
}

function sampleValue(
  samples: ReturnType<typeof parseExposition>['samples'],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    ?.value;
}

async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parseExposition(await response.text());
}

describe('metrics', () => {
  it('are off by default: /metrics is not found', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('portal_http_requests_total');
  });

  it('count requests per route pattern with their latency, and the exposition parses', async () => {
    const server = await start({ METRICS_ENABLED: 'true' });
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/api/config`);
    // Two ids, one route: the pattern is the label, never the raw URL.
    for (const id of ['first-id', 'second-id']) {
      await fetch(`${server.url}/api/client_credentials/${id}`, { method: 'DELETE', headers: sameOrigin(server) });
    }
    await fetch(`${server.url}/api/no-such-thing`);
    const { types, samples } = await scrape(server);

    expect(types.get('portal_http_requests_total')).toBe('counter');
    expect(types.get('portal_http_request_duration_seconds')).toBe('histogram');
    const config = { method: 'GET', route: '/api/config', status: '200' };
    expect(sampleValue(samples, 'portal_http_requests_total', config)).toBe(3);
    expect(
      sampleValue(samples, 'portal_http_requests_total', {
        method: 'DELETE',
        route: '/api/client_credentials/:id',
        status: '401',
      }),
    ).toBe(2);
    expect(samples.some((s) => s.labels.route?.includes('first-id'))).toBe(false);
    expect(sampleValue(samples, 'portal_http_requests_total', { route: '(unmatched)', status: '404' })).toBe(1);

    // Buckets are cumulative and end at the count.
    const buckets = samples.filter(
      (s) => s.name === 'portal_http_request_duration_seconds_bucket' && s.labels.route === '/api/config',
    );
    expect(buckets.length).toBeGreaterThan(5);
    for (let i = 1; i < buckets.length; i++) {
      expect(buckets[i]?.value).toBeGreaterThanOrEqual(buckets[i - 1]?.value ?? 0);
    }
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    expect(buckets.at(-1)?.value).toBe(3);
    expect(
      sampleValue(samples, 'portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/config' }),
    ).toBe(3);
    expect(sampleValue(samples, 'portal_http_request_duration_seconds_sum', { route: '/api/config' })).toBeGreaterThan(
      0,
    );
  });

  it('count login failures by reason and account locks', async () => {
    const server = await start({ METRICS_ENABLED: 'true', LOGIN_MAX_FAILURES: '2' });
    await createUser(server, { email: 'metrics@example.com' });
    const login = (username: string, password: string) =>
      fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: sameOrigin(server),
        body: JSON.stringify({ username, password }),
      });
    const before = (await scrape(server)).samples;
    expect(sampleValue(before, 'portal_login_failures_total', { reason: 'wrong_password' })).toBe(0);
    expect(sampleValue(before, 'portal_account_locks_total')).toBe(0);

    expect((await login('nobody@example.com', 'whatever1')).status).toBe(401);
    expect((await login('metrics@example.com', 'wrong-one')).status).toBe(401);
    // The second wrong password in a row locks the account; the next attempt is refused while locked.
    expect((await login('metrics@example.com', 'wrong-two')).status).toBe(403);
    expect((await login('metrics@example.com', 'Secret1234')).status).toBe(403);

    const after = (await scrape(server)).samples;
    expect(sampleValue(after, 'portal_login_failures_total', { reason: 'unknown_email' })).toBe(1);
    expect(sampleValue(after, 'portal_login_failures_total', { reason: 'wrong_password' })).toBe(2);
    expect(sampleValue(after, 'portal_login_failures_total', { reason: 'locked' })).toBe(1);
    expect(sampleValue(after, 'portal_account_locks_total')).toBe(1);
  });

  it('read the mail and alert queues from the database when scraped', async () => {
    // No SMTP server answers there: the mail stays queued, retried later.
    const server = await start({ METRICS_ENABLED: 'true', SMTP_URL: 'smtp://127.0.0.1:1' });
    await createUser(server, { email: 'queued@example.com' });
    const before = (await scrape(server)).samples;
    expect(sampleValue(before, 'portal_mail_outbox_pending')).toBe(0);
    expect(sampleValue(before, 'portal_alert_deliveries_pending')).toBe(0);

    const recover = await fetch(`${server.url}/api/password/recover?email=queued%40example.com`);
    expect(recover.status).toBe(200);
    const after = await scrape(server);
    expect(after.types.get('portal_mail_outbox_pending')).toBe('gauge');
    expect(sampleValue(after.samples, 'portal_mail_outbox_pending')).toBe(1);
  });

  it('are configured off, on, and with a token of 16 characters or more', () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-config-'));
    expect(loadConfig({ DATA_DIR }).metrics).toEqual({ enabled: false, token: null });
    expect(loadConfig({ DATA_DIR, METRICS_ENABLED: 'true' }).metrics.enabled).toBe(true);
    expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR, METRICS_ENABLED: 'yes' })).toThrow(/METRICS_ENABLED/);
    rmSync(DATA_DIR, { recursive: true, force: true });
  });

  it('with METRICS_TOKEN, a scrape without the bearer token is not found', async () => {
    const token = 'scrape-token-0123456789';
    const server = await start({ METRICS_ENABLED: 'true', METRICS_TOKEN: token });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer another-token-000000' } });
    expect(wrong.status).toBe(404);
    await scrape(server, { authorization: `Bearer ${token}` });
  });
});
