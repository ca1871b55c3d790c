import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { deleteConfig } from '#server/modules/alert-forwarding/alert-forwarding.repository.ts';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { claimDelivery, finishAttempt, insertAttempt } from '#server/modules/alerts/deliveries.repository.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { deleteClientRow } from '#server/modules/clients/clients.repository.ts';
import type { TestServer } from '#tests/support/server.ts';
import { accountWithForwarding, alertBody, startAlertServer, startReceiver, until } from './helpers/alert-delivery.ts';

// Clear Data and deleting a credential cascade to the credential's deliveries and their attempts while a worker may be
// recording an attempt on one of them. Taking the same two rows in opposite orders, the two deadlocked on PostgreSQL
// and one was cancelled: a 500 to the person clearing the data. Here the worker is held half-way through, so the two
// meet every time, not once in a thousand runs. SQLite's single writer serialises them already, so this runs on
// PostgreSQL only.

let server: TestServer;
let sourceClientId: string;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
  sourceClientId = (await createServiceClient(server.db, { name: 'Backend' })).client.id;
});
afterAll(async () => {
  await server?.close();
  for (const close of closing) await close();
});

/** A delivery that a worker has claimed and is about to record its attempt on. */
async function claimedDelivery() {
  const receiver = await startReceiver();
  closing.push(() => receiver.close());
  const account = await accountWithForwarding(server, [receiver.url]);
  const now = Date.now();
  const sealer = createSealer(server.config.alertKeysSecret);
  const body = alertBody(account.user.id, { occurred_at: new Date(now - 60_000).toISOString() });
  const { answer } = await ingestAlert(server.db, sealer, { sourceClientId, body }, now);
  const claimed = await claimDelivery(server.db, {
    now: Date.now() + 1,
    leaseUntil: Date.now() + 60_000,
    leaseToken: 'worker',
    skipClientIds: [],
  });
  expect(claimed?.alertId).toBe(answer.alert_id);
  return { delivery: claimed!, groupId: account.user.groupId };
}

/** Runs `insertAttempt` in a transaction that stays open until the returned `commit` is called. */
function attemptHeldOpen(deliveryId: string) {
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let inserted!: (pid: number) => void;
  const written = new Promise<number>((resolve) => (inserted = resolve));
  const done = server.db.transaction().execute(async (trx) => {
    await insertAttempt(trx, { id: crypto.randomUUID(), deliveryId, attempt: 1, startedAt: Date.now() });
    inserted(await backendPid(trx));
    await gate;
  });
  return { written, commit, done };
}

/**
 * Runs the worker's `finishAttempt` and stops it half-way: another transaction holds the attempt row, so the worker
 * waits there with whatever it took before. `release` lets it go on.
 */
async function finishHeldHalfWay(deliveryId: string, attemptId: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: (pid: number) => void;
  const holding = new Promise<number>((resolve) => (locked = resolve));
  const holder = server.db.transaction().execute(async (trx) => {
    await trx.selectFrom('alert_delivery_attempts').select('id').where('id', '=', attemptId).forUpdate().execute();
    locked(await backendPid(trx));
    await gate;
  });
  const holderPid = await holding;
  const finished = finishAttempt(
    server.db,
    { deliveryId, leaseToken: 'worker', attemptId },
    {
      outcome: 'delivered',
      now: Date.now(),
      latencyMs: 5,
      httpStatus: 200,
      error: null,
      failure: null,
      nextAttemptAt: null,
      refusals: 0,
    },
  ).then(
    (recorded) => ({ recorded, error: null }),
    (error: unknown) => ({ recorded: false, error: String(error) }),
  );
  return {
    holderPid,
    finished,
    release: async () => {
      release();
      await holder;
    },
  };
}

async function backendPid(db: Db): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0].pid;
}

/**
 * Resolves once `count` statements wait, directly or behind one another, for the transaction of backend `holder`:
 * this test's own statements (other test files share the database server, so any lock wait will not do).
 */
function waitingBehind(holder: number, count: number): Promise<true> {
  return until(async () => {
    const { rows } = await sql<{ n: number }>`
      with recursive blocked(pid) as (
        select pid from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))
        union
        select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
      )
      select count(*)::int as n from blocked
    `.execute(server.db);
    return rows[0].n >= count ? true : undefined;
  }, 10_000);
}

/** The two deletes that cascade to a credential's deliveries, and their attempts. */
const DELETES = [
  ['Clear Data', (clientId: string) => deleteConfig(server.db, clientId)],
  ['deleting the credential', (clientId: string, groupId: string) => deleteClientRow(server.db, groupId, clientId)],
] as const;

/** Which rows of the delivery are left: none once a delete has gone through. */
async function leftOf(deliveryId: string) {
  const deliveries = await server.db.selectFrom('alert_deliveries').select('id').where('id', '=', deliveryId).execute();
  const attempts = await server.db
    .selectFrom('alert_delivery_attempts')
    .select('id')
    .where('delivery_id', '=', deliveryId)
    .execute();
  return { deliveries: deliveries.length, attempts: attempts.length };
}

describe.skipIf(!process.env.DATABASE_URL)('a delete racing a worker recording an attempt (PostgreSQL)', () => {
  it.for(DELETES)('%s waits for the attempt, then removes the delivery and its attempt', async ([, remove]) => {
    const { delivery, groupId } = await claimedDelivery();
    const worker = attemptHeldOpen(delivery.id);
    const holder = await worker.written;

    const deleting = remove(delivery.clientId, groupId).then(
      (deleted) => ({ deleted, error: null }),
      (error: unknown) => ({ deleted: false, error: String(error) }),
    );
    await waitingBehind(holder, 1);
    worker.commit();
    await worker.done;

    expect(await deleting).toEqual({ deleted: true, error: null });
    expect(await leftOf(delivery.id)).toEqual({ deliveries: 0, attempts: 0 });
  });

  it.for(DELETES)('%s while the worker records how an attempt ended: neither fails', async ([, remove]) => {
    const { delivery, groupId } = await claimedDelivery();
    const attemptId = crypto.randomUUID();
    await insertAttempt(server.db, { id: attemptId, deliveryId: delivery.id, attempt: 1, startedAt: Date.now() });
    const worker = await finishHeldHalfWay(delivery.id, attemptId);
    await waitingBehind(worker.holderPid, 1);

    const deleting = remove(delivery.clientId, groupId).then(
      (deleted) => ({ deleted, error: null }),
      (error: unknown) => ({ deleted: false, error: String(error) }),
    );
    // The delete reaches the rows the worker holds and waits too, before the worker goes on.
    await waitingBehind(worker.holderPid, 2);
    await worker.release();

    expect(await worker.finished).toEqual({ recorded: true, error: null });
    expect(await deleting).toEqual({ deleted: true, error: null });
    expect(await leftOf(delivery.id)).toEqual({ deliveries: 0, attempts: 0 });
  });
});
