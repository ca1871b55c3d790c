import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { NO_SERVER_ENTRY, type TestServer } from '#tests/support/server.ts';
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

// Several instances on one database (SQLite file, or PostgreSQL with DATABASE_URL): a delivery is made by one of
// them, and one that dies mid-delivery loses nothing.

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  cleanups.push(() => r.close());
  return r;
}

/** Another instance on the same database as `server`. */
function sameDatabase(server: TestServer) {
  return { DATA_DIR: server.config.dataDir, DATABASE_URL: server.config.databaseUrl ?? undefined };
}

async function handInMany(server: TestServer, userId: string, count: number) {
  const sealer = createSealer(server.config.alertKeysSecret);
  const { client } = await createServiceClient(server.db, { name: `Backend ${Math.random()}` });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { answer } = await ingestAlert(server.db, sealer, { sourceClientId: client.id, body: alertBody(userId) });
    ids.push(answer.alert_id);
  }
  return ids;
}

describe('several instances', () => {
  it('two workers on one database never deliver one row twice', async () => {
    const hook = await receiver();
    const env = { ALERT_DELIVERY_POLL_MS: '10', ALERT_DELIVERY_CONCURRENCY: '4' };
    const a = await startAlertServer(env);
    cleanups.push(() => a.close());
    const b = await startAlertServer({ ...env, ...sameDatabase(a), ALERT_KEYS_SECRET: a.config.alertKeysSecret });
    cleanups.push(() => b.close());
    // Ten configurations, so the per-configuration limit leaves room for both instances to work at once.
    const account = await accountWithForwarding(
      a,
      Array.from({ length: 10 }, () => hook.url),
    );
    hook.script(...Array.from({ length: 60 }, () => ({ status: 200, delayMs: 20 })));
    const alertIds = await handInMany(a, account.user.id, 6);

    const rows = await until(async () => {
      // The setup's pings are deliveries too, of alerts of their own.
      const all = await a.db
        .selectFrom('alert_deliveries')
        .select(['id', 'status', 'attempts'])
        .where('alert_id', 'in', alertIds)
        .execute();
      return all.length === 60 && all.every((r) => r.status === 'delivered') ? all : undefined;
    }, 30_000);
    const deliveryIds = hook.received.map((p) => p.headers['x-portal-delivery-id'] as string);
    expect(deliveryIds).toHaveLength(60);
    expect(new Set(deliveryIds).size).toBe(60);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('an instance killed mid-delivery (kill -9) loses nothing: its lease runs out and another instance delivers', async () => {
    const hook = await receiver();
    // This instance never polls on its own: the test says when it looks.
    const survivor = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
    cleanups.push(() => survivor.close());
    const account = await accountWithForwarding(survivor, [hook.url]);
    hook.script('hang');
    const [alertId] = await handInMany(survivor, account.user.id, 1);

    const child = startInstance({
      ...sameDatabase(survivor),
      ALERT_KEYS_SECRET: survivor.config.alertKeysSecret,
      ALERT_WEBHOOK_ALLOW_LOOPBACK: 'true',
      ALERT_DELIVERY_POLL_MS: '20',
      ALERT_DELIVERY_TIMEOUT_MS: '1000',
    });
    cleanups.push(() => child.kill('SIGKILL'));
    await until(() => hook.received.length === 1, 30_000);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;

    const held = await survivor.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect([held.status, held.attempts]).toEqual(['pending', 1]);
    expect(held.lease_until).toBeGreaterThan(Date.now());
    // While the dead instance's lease lasts, nobody takes the row.
    expect(await survivor.app.alertDelivery.runOnce()).toBe(0);

    await until(() => Date.now() > held.lease_until! || undefined, 10_000);
    expect(await survivor.app.alertDelivery.runOnce()).toBe(1);
    expect(hook.received).toHaveLength(2);
    const example = await decryptExample();
    const [first, second] = hook.received.map((p) => example.decryptAlert(p.body, keysOf(account.configs[0])));
    // At least once: the same alert twice, and a receiver that remembers alert ids acts on it once.
    expect([first.alert_id, second.alert_id]).toEqual([alertId, alertId]);
    const attempts = await survivor.db
      .selectFrom('alert_delivery_attempts')
      .select(['attempt', 'outcome'])
      .where('delivery_id', '=', held.id)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'sending' },
      { attempt: 2, outcome: 'delivered' },
    ]);
  }, 60_000);
});

/** `node server/index.ts` as production starts it, on the given database; killed by the test. */
function startInstance(env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, [resolve('server/index.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      STATIC_DIR: resolve('dist'),
      SSR_DIR: NO_SERVER_ENTRY,
      ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}
