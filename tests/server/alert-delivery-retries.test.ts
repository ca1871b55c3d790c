import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { claimDelivery, finishAttempt, insertAttempt } from '#server/modules/alerts/deliveries.repository.ts';
import {
  type AlertDeliveryWorker,
  leaseMsOf,
  startAlertDeliveryWorker,
} from '#server/modules/alerts/delivery.worker.ts';
import { backoffMs, nextStep, RETRY } from '#server/modules/alerts/delivery-schedule.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import type { WebhookResult } from '#server/modules/alerts/webhook-sender.ts';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  decryptExample,
  keysOf,
  type Receiver,
  startAlertServer,
  startReceiver,
  until,
} from './helpers/alert-delivery.ts';

// The retry schedule, driven by a made-up clock: the worker under test takes `now` from the test, so a day of
// retries runs in seconds. The server's own worker is kept out of the way (it polls once an hour and nobody wakes it).
// On SQLite, and on PostgreSQL with DATABASE_URL.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 10, 26, 8);

let server: TestServer;
let sourceClientId: string;
const sealer = () => createSealer(server.config.alertKeysSecret);
const receivers: Receiver[] = [];
const workers: AlertDeliveryWorker[] = [];
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
  sourceClientId = (await createServiceClient(server.db, { name: 'Backend' })).client.id;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((r) => r.close()));
});

/** A receiver, an account forwarding to it, and a worker on a clock the test moves. */
async function setup(options: { timeoutMs?: number } = {}) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const account = await accountWithForwarding(server, [receiver.url]);
  const clock = { now: T0 };
  const worker = startAlertDeliveryWorker({
    db: server.db,
    config: { ...server.config.alertDelivery, timeoutMs: options.timeoutMs ?? 2000 },
    sealer: sealer(),
    log: silent,
    now: () => clock.now,
    random: () => 0.5,
    poll: false,
  });
  workers.push(worker);
  const handIn = async () => {
    const body = alertBody(account.user.id, { occurred_at: new Date(clock.now - MINUTE).toISOString() });
    const { answer } = await ingestAlert(server.db, sealer(), { sourceClientId, body }, clock.now);
    return answer.alert_id;
  };
  return { receiver, account, clock, worker, handIn };
}

async function deliveryOf(alertId: string) {
  return server.db.selectFrom('alert_deliveries').selectAll().where('alert_id', '=', alertId).executeTakeFirstOrThrow();
}

async function attemptsOf(deliveryId: string) {
  return server.db
    .selectFrom('alert_delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();
}

describe('the schedule (pure)', () => {
  const answer = (status: number, retryAfterMs: number | null = null): WebhookResult => ({
    answered: true,
    status,
    retryAfterMs,
    excerpt: '',
    latencyMs: 1,
  });
  const progress = { attempt: 1, refusals: 0, giveUpAt: T0 + 24 * HOUR, now: T0 };

  it('doubles from 10 s up to an hour, half of each step fixed and half random', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 0))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(30, () => 1)).toBe(HOUR);
    expect(backoffMs(30, () => 0)).toBe(HOUR / 2);
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [500, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [400, 'retry'],
    [404, 'retry'],
    [301, 'retry'],
  ])('HTTP %i after a first attempt: %s', (status, outcome) => {
    expect(nextStep(answer(status), progress, () => 0.5).outcome).toBe(outcome);
  });

  it('a 4xx (not 408 or 429), a redirect or a refused address ends the delivery at the third such answer', () => {
    expect(nextStep(answer(404), { ...progress, refusals: 2 }, () => 0.5)).toEqual({ outcome: 'failed', refusals: 3 });
    expect(nextStep(answer(302), { ...progress, refusals: 2 }, () => 0.5).outcome).toBe('failed');
    const refused: WebhookResult = { answered: false, failure: 'refused_address', error: 'x', latencyMs: 0 };
    expect(nextStep(refused, { ...progress, refusals: 2 }, () => 0.5).outcome).toBe('failed');
    // 5xx never count as refusals: a flapping receiver is retried for the whole day.
    expect(nextStep(answer(500), { ...progress, refusals: 2 }, () => 0.5)).toMatchObject({
      outcome: 'retry',
      refusals: 2,
    });
  });

  it('Retry-After is a floor, up to 6 hours; a shorter one than the backoff waits the backoff', () => {
    expect(nextStep(answer(429, 120_000), progress, () => 0.5)).toMatchObject({ nextAttemptAt: T0 + 120_000 });
    expect(nextStep(answer(503, 2 * HOUR), progress, () => 0.5)).toMatchObject({ nextAttemptAt: T0 + 2 * HOUR });
    expect(nextStep(answer(429, 48 * HOUR), progress, () => 0.5)).toMatchObject({ nextAttemptAt: T0 + 6 * HOUR });
    expect(nextStep(answer(429, 0), progress, () => 0.5)).toMatchObject({ nextAttemptAt: T0 + 7_500 });
  });

  it('gives up only on a failure at or after the horizon', () => {
    expect(nextStep(answer(503), { ...progress, now: T0 + 24 * HOUR - 1 }, () => 0.5).outcome).toBe('retry');
    expect(nextStep(answer(503), { ...progress, now: T0 + 24 * HOUR }, () => 0.5).outcome).toBe('failed');
  });
});

describe('the worker on a made-up clock', () => {
  it('retries 5xx, 429 with Retry-After and a timeout, each when due and not before, then delivers', async () => {
    const { receiver, account, clock, worker, handIn } = await setup({ timeoutMs: 300 });
    receiver.script({ status: 503, body: 'maintenance' }, { status: 429, headers: { 'retry-after': '120' } }, 'hang', {
      status: 200,
    });
    const alertId = await handIn();
    const delivery = await deliveryOf(alertId);

    expect(await worker.runOnce()).toBe(0);
    expect((await deliveryOf(alertId)).next_attempt_at).toBe(T0 + 7_500);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    clock.now = T0 + 7_500;
    await worker.runOnce();
    // 429 with Retry-After: 120 s, longer than the second step (15 s).
    expect((await deliveryOf(alertId)).next_attempt_at).toBe(T0 + 7_500 + 120_000);
    clock.now = T0 + 7_500 + 119_999;
    await worker.runOnce();
    expect(receiver.received).toHaveLength(2);

    clock.now = T0 + 7_500 + 120_000;
    await worker.runOnce();
    expect(receiver.received).toHaveLength(3);
    const afterTimeout = await deliveryOf(alertId);
    expect([afterTimeout.status, afterTimeout.next_attempt_at]).toEqual(['pending', clock.now + 30_000]);

    clock.now += 30_000;
    expect(await worker.runOnce()).toBe(1);
    const done = await deliveryOf(alertId);
    expect([done.status, done.attempts, done.delivered_at, done.lease_until]).toEqual([
      'delivered',
      4,
      clock.now,
      null,
    ]);
    const log = await attemptsOf(delivery.id);
    expect(log.map((a) => [a.attempt, a.outcome, a.http_status, a.error?.replace(/\d+ ms/, 'N ms') ?? null])).toEqual([
      [1, 'retry', 503, 'HTTP 503: maintenance'],
      [2, 'retry', 429, 'HTTP 429'],
      [3, 'retry', null, 'no answer within N ms'],
      [4, 'delivered', 200, null],
    ]);
    expect(log.map((a) => a.next_attempt_at)).toEqual([T0 + 7_500, T0 + 127_500, T0 + 157_500, null]);
    expect(log[2].latency_ms).toBeGreaterThanOrEqual(250);

    // Each attempt was sealed when it was made, so every retry is inside the receiver's replay window.
    const example = await decryptExample();
    const [config] = account.configs;
    for (const [i, post] of receiver.received.entries()) {
      const opened = example.decryptAlert(post.body, keysOf(config), { now: log[i].started_at });
      expect([opened.alert_id, Date.parse(opened.issued_at)]).toEqual([alertId, log[i].started_at]);
    }
  });

  it('stops after three refusals (a 4xx other than 408 and 429): 404, 400, 410', async () => {
    const { receiver, clock, worker, handIn } = await setup();
    receiver.script({ status: 404 }, { status: 408 }, { status: 400 }, { status: 410 });
    const alertId = await handIn();
    for (let i = 0; i < 6; i++) {
      await worker.runOnce();
      clock.now = (await deliveryOf(alertId)).next_attempt_at;
    }
    const row = await deliveryOf(alertId);
    expect([row.status, row.attempts, row.refusals, row.last_http_status]).toEqual(['failed', 4, 3, 410]);
    expect((await attemptsOf(row.id)).map((a) => [a.http_status, a.outcome])).toEqual([
      [404, 'retry'],
      [408, 'retry'],
      [400, 'retry'],
      [410, 'failed'],
    ]);
    expect(receiver.received).toHaveLength(4);
  });

  it('does not follow a redirect: the webhook’s 302 is a refusal and the other address never hears', async () => {
    const elsewhere = await startReceiver();
    receivers.push(elsewhere);
    const { receiver, worker, handIn } = await setup();
    receiver.script({ status: 302, headers: { location: elsewhere.url } });
    const alertId = await handIn();
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    expect(await deliveryOf(alertId)).toMatchObject({ status: 'pending', refusals: 1, last_http_status: 302 });
  });

  it('retries a webhook that is down for at least 24 hours, at most an hour apart, then gives up', async () => {
    const { receiver, clock, worker, handIn } = await setup();
    receiver.script(...Array.from({ length: 60 }, () => ({ status: 503 })));
    const alertId = await handIn();
    let row = await deliveryOf(alertId);
    while (row.status === 'pending') {
      clock.now = row.next_attempt_at;
      await worker.runOnce();
      row = await deliveryOf(alertId);
    }
    const log = await attemptsOf(row.id);
    expect(row.status).toBe('failed');
    expect(log.at(-1)!.started_at - T0).toBeGreaterThanOrEqual(24 * HOUR);
    expect(log.at(-1)!.started_at - T0).toBeLessThan(25 * HOUR);
    const gaps = log.slice(1).map((a, i) => a.started_at - log[i].started_at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(HOUR);
    expect(gaps.slice(0, 4)).toEqual([7_500, 15_000, 30_000, 60_000]);
    expect(log).toHaveLength(row.attempts);
    expect(receiver.received).toHaveLength(row.attempts);
    expect(row.attempts).toBeGreaterThan(30);
    expect(row.attempts).toBeLessThan(RETRY.horizonMs / (RETRY.maxDelayMs / 2) + 12);
  });

  it('a lease that runs out (the instance died mid-delivery) makes the row due again, and it is delivered', async () => {
    const { receiver, clock, worker, handIn } = await setup();
    const alertId = await handIn();
    // A worker that died: it took the row, started its attempt, and never finished.
    const lease = leaseMsOf(server.config.alertDelivery);
    const dead = await claimDelivery(server.db, {
      now: clock.now,
      leaseUntil: clock.now + lease,
      leaseToken: 'dead-worker',
      skipClientIds: [],
    });
    expect(dead).toMatchObject({ attempt: 1 });
    await insertAttempt(server.db, { id: crypto.randomUUID(), deliveryId: dead!.id, attempt: 1, startedAt: clock.now });

    expect(await worker.runOnce()).toBe(0);
    clock.now += lease - 1;
    expect(await worker.runOnce()).toBe(0);
    clock.now += 2;
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const row = await deliveryOf(alertId);
    expect([row.status, row.attempts]).toEqual(['delivered', 2]);
    expect((await attemptsOf(row.id)).map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'sending'],
      [2, 'delivered'],
    ]);

    // The dead worker coming back cannot record over the attempt that took its row.
    expect(
      await finishAttempt(
        server.db,
        { deliveryId: row.id, leaseToken: 'dead-worker', attemptId: null },
        {
          outcome: 'failed',
          now: clock.now,
          latencyMs: 1,
          httpStatus: 500,
          error: 'late',
          failure: null,
          nextAttemptAt: null,
          refusals: 0,
        },
      ),
    ).toBe(false);
    expect((await deliveryOf(alertId)).status).toBe('delivered');
  });

  it('stopping cuts a call short and gives its row back at once, due for the next instance', async () => {
    const { receiver, clock, worker, handIn } = await setup({ timeoutMs: 20_000 });
    receiver.script('hang');
    const alertId = await handIn();
    const running = worker.runOnce();
    await until(() => receiver.received.length === 1);
    const started = Date.now();
    await worker.stop();
    await running;
    expect(Date.now() - started).toBeLessThan(2_000);
    const row = await deliveryOf(alertId);
    expect([row.status, row.lease_until, row.next_attempt_at]).toEqual(['pending', null, clock.now]);
    expect((await attemptsOf(row.id)).map((a) => [a.outcome, a.error])).toEqual([
      ['retry', 'interrupted: the portal instance stopped'],
    ]);
  });
});

describe('a slow receiver', () => {
  it('holds at most two calls of one instance; other webhooks are served meanwhile', async () => {
    const slow = await startReceiver();
    const fast = await startReceiver();
    receivers.push(slow, fast);
    slow.script('hang', 'hang', 'hang', 'hang', 'hang');
    const slowAccount = await accountWithForwarding(server, [slow.url]);
    const fastAccount = await accountWithForwarding(server, [fast.url]);
    const worker = startAlertDeliveryWorker({
      db: server.db,
      config: { ...server.config.alertDelivery, concurrency: 4, timeoutMs: 20_000, pollMs: 20 },
      sealer: sealer(),
      log: silent,
    });
    workers.push(worker);
    for (let i = 0; i < 5; i++) {
      await ingestAlert(server.db, sealer(), { sourceClientId, body: alertBody(slowAccount.user.id) });
    }
    await until(() => slow.received.length === 2);
    await ingestAlert(server.db, sealer(), { sourceClientId, body: alertBody(fastAccount.user.id) });
    await until(() => fast.received.length === 1, 3_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(slow.received).toHaveLength(2);
  });
});
