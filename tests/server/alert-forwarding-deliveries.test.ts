import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import type { Credential } from '#shared-domain/credentials.ts';
import { createUser, loginCookie, sameOrigin, type TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  api,
  customer,
  type DecryptExample,
  decryptExample,
  ingest,
  keysOf,
  type Receiver,
  serviceToken,
  startAlertServer,
  startReceiver,
  until,
} from './helpers/alert-delivery.ts';

// The alert forwarding page's delivery log over HTTP, with the session of the account owner: the log after real
// deliveries to a loopback webhook, Send test alert, Redeliver, the pings a new webhook gets, and the health the
// credentials table shows.

let server: TestServer;
let example: DecryptExample;
const receivers: Receiver[] = [];

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  server = await startAlertServer();
  example = await decryptExample();
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((r) => r.close()));
});

function call(cookie: string | null, method: string, path: string, body: unknown = method === 'GET' ? undefined : {}) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: sameOrigin(server, cookie ? { cookie } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectRefusal(response: Response, status: number, name: string) {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, error: { name } });
}

const logPath = (uid: string) => `/api/alert_forwarding_config/${uid}/deliveries`;
const testPath = (uid: string) => `/api/alert_forwarding_config/${uid}/test_alert`;
const redeliverPath = (uid: string, id: string) => `/api/alert_forwarding_config/${uid}/deliveries/${id}/redeliver`;

async function logOf(cookie: string, uid: string): Promise<AlertDeliveryEntry[]> {
  return (await api(server, cookie, 'GET', logPath(uid))).deliveries;
}

/** The log once every delivery in it has ended its latest attempt. */
function settledLog(cookie: string, uid: string, count: number) {
  return until(async () => {
    const log = await logOf(cookie, uid);
    const settled = log.every((d) => d.status !== 'pending' || d.attempt_log.at(-1)?.outcome === 'retry');
    return log.length === count && settled ? log : undefined;
  });
}

/** A refused delivery waits for its retry; this makes it due now, as if its time had come. */
async function retryNow(deliveryId: string) {
  await server.db
    .updateTable('alert_deliveries')
    .set({ next_attempt_at: 0 })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
  server.app.alertDelivery.wake();
}

let people = 0;
async function person(options: { owner: boolean; apiAccess: boolean }) {
  const email = `log-${++people}@example.com`;
  await createUser(server, { email, ...options });
  return loginCookie(server, email);
}

describe('who may read and act on the log', () => {
  it('refuses without a session, a member who is not the owner, a group without API access, another account’s credential and one not set up', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const uid = account.configs[0].uid;
    const paths: Array<[string, string]> = [
      ['GET', logPath(uid)],
      ['POST', testPath(uid)],
      ['POST', redeliverPath(uid, 'nope')],
    ];
    const notOwner = await person({ owner: false, apiAccess: true });
    const noApi = await person({ owner: true, apiAccess: false });
    const stranger = await accountWithForwarding(server, []);
    for (const [method, path] of paths) {
      await expectRefusal(await call(null, method, path), 401, 'NoSession');
      await expectRefusal(await call(notOwner, method, path), 403, 'NotOwner');
      await expectRefusal(await call(noApi, method, path), 403, 'AccessDenied');
      await expectRefusal(await call(stranger.cookie, method, path), 404, 'ClientNotFound');
    }
    const bare = await api(server, account.cookie, 'POST', '/api/client_grant', {
      grant_type: 'client_credentials',
      application_name: `Bare ${Date.now()}`,
    });
    await expectRefusal(await call(account.cookie, 'GET', logPath(bare.client_uid)), 404, 'NoAlertConfig');
    await expectRefusal(await call(account.cookie, 'POST', testPath(bare.client_uid)), 404, 'NoAlertConfig');
    // A delivery of another credential of the same account answers like an unknown one.
    const second = await accountWithForwarding(server, [hook.url]);
    const [theirPing] = await logOf(second.cookie, second.configs[0].uid);
    await expectRefusal(
      await call(account.cookie, 'POST', redeliverPath(uid, theirPing.id)),
      404,
      'AlertDeliveryNotFound',
    );
    await expectRefusal(await call(account.cookie, 'GET', `${logPath(uid)}?limit=500`), 400, 'ValidationError');
  });
});

describe('the ping a new webhook gets', () => {
  it('setup pings the webhook, signed and sealed, and the log shows its answer', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const [config] = account.configs;
    expect(hook.pings).toHaveLength(1);
    expect(hook.received).toHaveLength(0);
    const ping = example.decryptAlert(hook.pings[0].body, keysOf(config));
    expect(ping).toMatchObject({ type: 'ping', test: true, client_uid: config.uid });
    const [entry] = await settledLog(account.cookie, config.uid, 1);
    expect(entry).toMatchObject({
      alert_id: ping.alert_id,
      kind: 'ping',
      type: 'ping',
      status: 'delivered',
      attempts: 1,
      last_http_status: 200,
      next_attempt_at: null,
    });
    expect(entry.attempt_log).toEqual([
      {
        attempt: 1,
        started_at: expect.any(Number),
        outcome: 'delivered',
        latency_ms: expect.any(Number),
        http_status: 200,
        error: null,
        failure: null,
        next_attempt_at: null,
      },
    ]);
    expect(hook.pings[0].headers['x-portal-delivery-id']).toBe(entry.id);
  });

  it('a changed webhook URL is pinged; the same URL again, or a new public key, pings nothing', async () => {
    const [first, moved] = [await receiver(), await receiver()];
    const account = await accountWithForwarding(server, [first.url]);
    const { uid } = account.configs[0];
    const put = (body: unknown) => api(server, account.cookie, 'PUT', `/api/alert_forwarding_config/${uid}`, body);

    expect(await put({ url: first.url })).toMatchObject({ changed: false });
    expect(await put({ public_rsa_key: customer.publicPem.replace(/\n/g, '\r\n') })).toMatchObject({
      changed: false,
    });
    expect((await put({ url: moved.url })).changed).toBe(true);
    await until(() => moved.pings.length === 1);
    const log = await settledLog(account.cookie, uid, 2);
    expect(log.map((d) => [d.kind, d.status])).toEqual([
      ['ping', 'delivered'],
      ['ping', 'delivered'],
    ]);
    expect(first.pings).toHaveLength(1);
  });

  it('a webhook that refuses the ping: the log says how', async () => {
    const hook = await receiver();
    hook.pingReply = { status: 404, body: 'no such hook' };
    const account = await accountWithForwarding(server, [hook.url]);
    const [entry] = await settledLog(account.cookie, account.configs[0].uid, 1);
    expect(entry).toMatchObject({ kind: 'ping', status: 'pending', last_http_status: 404 });
    expect(entry.attempt_log[0]).toMatchObject({ outcome: 'retry', http_status: 404, error: 'HTTP 404: no such hook' });
    expect(entry.attempt_log[0].next_attempt_at).toBeGreaterThan(Date.now());
    // An answer is named by its status; no failure code beside it.
    expect(entry.attempt_log[0].failure).toBeNull();
  });

  it('a test server asks no name server: a public-looking webhook is not found, and says why', async () => {
    const account = await accountWithForwarding(server, ['https://alerts.customer.example/hook']);
    const [entry] = await settledLog(account.cookie, account.configs[0].uid, 1);
    expect(entry.attempt_log[0]).toMatchObject({
      failure: 'dns',
      error: expect.stringContaining('tests resolve no name off this machine'),
    });
  });

  it('a webhook nobody answers on: the log names the failure by its code, the detail beside it', async () => {
    // Port 1 of this machine: nothing listens there, so the connection is refused at once.
    const account = await accountWithForwarding(server, ['http://127.0.0.1:1/hook']);
    const [entry] = await settledLog(account.cookie, account.configs[0].uid, 1);
    expect(entry).toMatchObject({ kind: 'ping', status: 'pending', last_http_status: null });
    expect(entry.attempt_log[0]).toMatchObject({
      outcome: 'retry',
      http_status: null,
      failure: 'connection',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});

describe('send test alert', () => {
  it('queues a fall alert marked as a test inside the sealed payload, and the log shows it delivered', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const [config] = account.configs;
    const queued = (await api(server, account.cookie, 'POST', testPath(config.uid), {})) as AlertDeliveryEntry;
    expect(queued).toMatchObject({ kind: 'test', type: 'fall_detected', status: 'pending', attempts: 0 });
    await until(() => hook.received.length === 1);
    expect(hook.received[0].headers['x-portal-event']).toBe('test');
    const opened = example.decryptAlert(hook.received[0].body, keysOf(config));
    expect(opened).toMatchObject({
      alert_id: queued.alert_id,
      test: true,
      type: 'fall_detected',
      client_uid: config.uid,
    });
    const log = await settledLog(account.cookie, config.uid, 2);
    expect(log.map((d) => [d.kind, d.status])).toEqual([
      ['test', 'delivered'],
      ['ping', 'delivered'],
    ]);
    expect(log[0].attempt_log[0]).toMatchObject({ attempt: 1, http_status: 200, outcome: 'delivered' });
  });
});

describe('redeliver', () => {
  it('only a failed delivery; the copy keeps the alert id and arrives', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const [config] = account.configs;
    const token = await serviceToken(server);
    // Three refusals end a delivery (docs/api/alert-forwarding.md "Delivery and retries").
    hook.script({ status: 410 }, { status: 410 }, { status: 410 });
    const handed = await ingest(server, token, alertBody(account.user.id));
    const { alert_id } = (await handed.json()).data;
    const pending = await until(async () => (await logOf(account.cookie, config.uid)).find((d) => d.kind === 'alert'));
    // Still being tried: not redelivered.
    await expectRefusal(
      await call(account.cookie, 'POST', redeliverPath(config.uid, pending.id)),
      409,
      'AlertDeliveryNotFailed',
    );
    for (const attempts of [1, 2]) {
      await until(async () => hook.received.length === attempts);
      await settledLog(account.cookie, config.uid, 2);
      await retryNow(pending.id);
    }
    const failed = await until(async () =>
      (await logOf(account.cookie, config.uid)).find((d) => d.id === pending.id && d.status === 'failed'),
    );
    expect(failed.attempt_log.map((a) => [a.attempt, a.http_status, a.outcome])).toEqual([
      [1, 410, 'retry'],
      [2, 410, 'retry'],
      [3, 410, 'failed'],
    ]);

    const copy = (await api(
      server,
      account.cookie,
      'POST',
      redeliverPath(config.uid, failed.id),
      {},
    )) as AlertDeliveryEntry;
    expect(copy).toMatchObject({ alert_id, redelivery_of: failed.id, status: 'pending', attempts: 0 });
    await until(() => hook.received.length === 4);
    expect(example.decryptAlert(hook.received[3].body, keysOf(config)).alert_id).toBe(alert_id);
    const log = await settledLog(account.cookie, config.uid, 3);
    expect(log.map((d) => [d.id, d.status])).toEqual([
      [copy.id, 'delivered'],
      [failed.id, 'failed'],
      [expect.any(String), 'delivered'],
    ]);
    // A delivered one is not sent again either.
    await expectRefusal(
      await call(account.cookie, 'POST', redeliverPath(config.uid, copy.id)),
      409,
      'AlertDeliveryNotFailed',
    );
  });
});

describe('health in the credentials list', () => {
  it('null without alert forwarding; the last success and the failures since', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const [config] = account.configs;
    await api(server, account.cookie, 'POST', '/api/client_grant', {
      grant_type: 'client_credentials',
      application_name: `Unforwarded ${Date.now()}`,
    });
    const health = async () => {
      const list = (await api(server, account.cookie, 'GET', '/api/credentials')).clients.array as Credential[];
      return Object.fromEntries(list.map((c) => [c.client_uid, c.alert_forwarding]));
    };
    const [ping] = await settledLog(account.cookie, config.uid, 1);
    const first = await health();
    expect(Object.values(first).filter((h) => h === null)).toHaveLength(1);
    expect(first[config.uid]).toEqual({ last_success_at: ping.delivered_at, failures_in_a_row: 0 });
    expect(ping.delivered_at).toEqual(expect.any(Number));

    // Two failed attempts (a 500 then no answer in time is the same to the count).
    hook.script({ status: 500 }, { status: 503 });
    const test = (await api(server, account.cookie, 'POST', testPath(config.uid), {})) as AlertDeliveryEntry;
    await until(() => hook.received.length === 1);
    await settledLog(account.cookie, config.uid, 2);
    await retryNow(test.id);
    await until(() => hook.received.length === 2);
    await until(async () => (await health())[config.uid]?.failures_in_a_row === 2);
    expect((await health())[config.uid]?.last_success_at).toBe(ping.delivered_at);

    // The next success starts the count again.
    await retryNow(test.id);
    const delivered = await until(async () =>
      (await logOf(account.cookie, config.uid)).find((d) => d.id === test.id && d.status === 'delivered'),
    );
    expect((await health())[config.uid]).toEqual({ last_success_at: delivered.delivered_at, failures_in_a_row: 0 });
  });
});
