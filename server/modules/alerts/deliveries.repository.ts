import { PostgresAdapter } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { AlertKind, AttemptFailure, AttemptOutcome, DeliveryStatus } from '#shared-domain/alert-delivery.ts';

export interface NewDelivery {
  id: string;
  alertId: string;
  clientId: string;
  version: 3 | 4;
  companyId: string | null;
  giveUpAt: number;
  redeliveryOf?: string | null;
  now: number;
}

/** A delivery a worker holds: `attempt` is the number of the attempt it is about to make. */
export interface ClaimedDelivery {
  id: string;
  alertId: string;
  clientId: string;
  version: 3 | 4;
  companyId: string | null;
  attempt: number;
  refusals: number;
  giveUpAt: number;
  leaseToken: string;
}

/** What the worker needs to seal and send: the configuration as it is now, and the account's company id now. */
export interface DeliveryTarget {
  clientId: string;
  clientUid: string;
  url: string;
  groupPublicKey: string;
  portalPrivateKeySealed: string;
  aesKeySealed: string;
  companyId: string | null;
}

export async function insertDeliveries(db: Db, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto('alert_deliveries')
    .values(
      deliveries.map((d) => ({
        id: d.id,
        alert_id: d.alertId,
        client_id: d.clientId,
        version: d.version,
        company_id: d.companyId,
        status: 'pending',
        attempts: 0,
        refusals: 0,
        next_attempt_at: d.now,
        give_up_at: d.giveUpAt,
        lease_until: null,
        lease_token: null,
        redelivery_of: d.redeliveryOf ?? null,
        created_at: d.now,
        updated_at: d.now,
        delivered_at: null,
        last_http_status: null,
        last_error: null,
      })),
    )
    .execute();
}

/**
 * Takes the next due delivery for this worker: pending, due, and not held by a live lease (one that ran out, because
 * its instance died, counts as free). One statement, so of several workers racing only one gets a row: PostgreSQL
 * skips rows another transaction has locked (FOR UPDATE SKIP LOCKED) instead of waiting for them, SQLite runs the
 * whole UPDATE under its single writer lock; the outer conditions repeat the inner ones, so a row taken between the
 * two is not taken twice. The attempt is counted here, so an attempt cut short by a crash still counts.
 */
export async function claimDelivery(
  db: Db,
  claim: { now: number; leaseUntil: number; leaseToken: string; skipClientIds: readonly string[] },
): Promise<ClaimedDelivery | null> {
  const { now } = claim;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const due = db
    .selectFrom('alert_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .$if(claim.skipClientIds.length > 0, (q) => q.where('client_id', 'not in', [...claim.skipClientIds]))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(1)
    .$if(postgres, (q) => q.forUpdate().skipLocked());
  const row = await db
    .updateTable('alert_deliveries')
    .set((eb) => ({
      lease_until: claim.leaseUntil,
      lease_token: claim.leaseToken,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    // `=`, not `in`: PostgreSQL may run an IN subquery again for each row it scans, and with SKIP LOCKED every run
    // can pick another row; a scalar subquery runs once.
    .where('id', '=', due)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning(['id', 'alert_id', 'client_id', 'version', 'company_id', 'attempts', 'refusals', 'give_up_at'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    alertId: row.alert_id,
    clientId: row.client_id,
    version: row.version === 3 ? 3 : 4,
    companyId: row.company_id,
    attempt: row.attempts,
    refusals: row.refusals,
    giveUpAt: row.give_up_at,
    leaseToken: claim.leaseToken,
  };
}

export async function findDeliveryTarget(db: Db, clientId: string): Promise<DeliveryTarget | null> {
  const row = await db
    .selectFrom('alert_forwarding_configs')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'alert_forwarding_configs.client_id')
    .innerJoin('groups', 'groups.id', 'oauth_clients.group_id')
    .select([
      'alert_forwarding_configs.client_id',
      'oauth_clients.client_uid',
      'alert_forwarding_configs.url',
      'alert_forwarding_configs.group_public_key',
      'alert_forwarding_configs.portal_private_key_sealed',
      'alert_forwarding_configs.aes_key_sealed',
      'groups.company_id',
    ])
    .where('alert_forwarding_configs.client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    clientId: row.client_id,
    clientUid: row.client_uid,
    url: row.url,
    groupPublicKey: row.group_public_key,
    portalPrivateKeySealed: row.portal_private_key_sealed,
    aesKeySealed: row.aes_key_sealed,
    companyId: row.company_id,
  };
}

export async function insertAttempt(
  db: Db,
  a: { id: string; deliveryId: string; attempt: number; startedAt: number },
): Promise<void> {
  await db
    .insertInto('alert_delivery_attempts')
    .values({
      id: a.id,
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      started_at: a.startedAt,
      outcome: 'sending',
      latency_ms: null,
      http_status: null,
      error: null,
      failure: null,
      next_attempt_at: null,
    })
    .execute();
}

export interface AttemptEnd {
  outcome: Exclude<AttemptOutcome, 'sending'>;
  now: number;
  latencyMs: number | null;
  httpStatus: number | null;
  error: string | null;
  failure: AttemptFailure | null;
  /** For `retry`. */
  nextAttemptAt: number | null;
  refusals: number;
}

const STATUS_AFTER: Record<AttemptEnd['outcome'], DeliveryStatus> = {
  delivered: 'delivered',
  retry: 'pending',
  failed: 'failed',
  cancelled: 'cancelled',
};

/**
 * Records how an attempt ended, and the delivery's state after it, only while this worker still holds the lease:
 * when it ran out and another worker took the row, that worker's attempt decides. Answers whether it was recorded.
 */
export async function finishAttempt(
  db: Db,
  ref: { deliveryId: string; leaseToken: string; attemptId: string | null },
  end: AttemptEnd,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The delivery before its attempt: the order lockDeliveriesOfClient takes them in, so a Clear Data racing this
    // waits for it rather than deadlocking with it.
    const result = await trx
      .updateTable('alert_deliveries')
      .set({
        status: STATUS_AFTER[end.outcome],
        lease_until: null,
        lease_token: null,
        refusals: end.refusals,
        updated_at: end.now,
        last_http_status: end.httpStatus,
        last_error: end.error,
        ...(end.outcome === 'delivered' ? { delivered_at: end.now } : {}),
        ...(end.nextAttemptAt !== null ? { next_attempt_at: end.nextAttemptAt } : {}),
      })
      .where('id', '=', ref.deliveryId)
      .where('lease_token', '=', ref.leaseToken)
      .executeTakeFirst();
    if (ref.attemptId) {
      await trx
        .updateTable('alert_delivery_attempts')
        .set({
          outcome: end.outcome,
          latency_ms: end.latencyMs,
          http_status: end.httpStatus,
          error: end.error,
          failure: end.failure,
          next_attempt_at: end.nextAttemptAt,
        })
        .where('id', '=', ref.attemptId)
        .execute();
    }
    return Number(result.numUpdatedRows) === 1;
  });
}

/** A delivery of the log, with what the alert was. */
export interface DeliveryRecord {
  id: string;
  alertId: string;
  clientId: string;
  kind: AlertKind;
  type: string;
  severity: string | null;
  occurredAt: number;
  version: 3 | 4;
  companyId: string | null;
  status: DeliveryStatus;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  leaseUntil: number | null;
  deliveredAt: number | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  redeliveryOf: string | null;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  startedAt: number;
  outcome: AttemptOutcome;
  latencyMs: number | null;
  httpStatus: number | null;
  error: string | null;
  failure: AttemptFailure | null;
  nextAttemptAt: number | null;
}

function selectDeliveries(db: Db) {
  return db
    .selectFrom('alert_deliveries')
    .innerJoin('alerts', 'alerts.id', 'alert_deliveries.alert_id')
    .select([
      'alert_deliveries.id',
      'alert_deliveries.alert_id',
      'alert_deliveries.client_id',
      'alerts.kind',
      'alerts.type',
      'alerts.severity',
      'alerts.occurred_at',
      'alerts.group_id',
      'alert_deliveries.version',
      'alert_deliveries.company_id',
      'alert_deliveries.status',
      'alert_deliveries.attempts',
      'alert_deliveries.created_at',
      'alert_deliveries.next_attempt_at',
      'alert_deliveries.lease_until',
      'alert_deliveries.delivered_at',
      'alert_deliveries.last_http_status',
      'alert_deliveries.last_error',
      'alert_deliveries.redelivery_of',
    ]);
}

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['executeTakeFirstOrThrow']>>;

function toDeliveryRecord(r: DeliveryRow): DeliveryRecord {
  return {
    id: r.id,
    alertId: r.alert_id,
    clientId: r.client_id,
    kind: r.kind as AlertKind,
    type: r.type,
    severity: r.severity,
    occurredAt: r.occurred_at,
    version: r.version === 3 ? 3 : 4,
    companyId: r.company_id,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    createdAt: r.created_at,
    nextAttemptAt: r.next_attempt_at,
    leaseUntil: r.lease_until,
    deliveredAt: r.delivered_at,
    lastHttpStatus: r.last_http_status,
    lastError: r.last_error,
    redeliveryOf: r.redelivery_of,
  };
}

/** The newest deliveries of one configuration, newest first. */
export async function listDeliveriesOfConfig(db: Db, clientId: string, limit: number): Promise<DeliveryRecord[]> {
  const rows = await selectDeliveries(db)
    .where('alert_deliveries.client_id', '=', clientId)
    .orderBy('alert_deliveries.created_at', 'desc')
    .orderBy('alert_deliveries.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDeliveryRecord);
}

/** A delivery, only if it is to one of this account's configurations. */
export async function findDeliveryOfGroup(db: Db, id: string, groupId: string): Promise<DeliveryRecord | null> {
  const row = await selectDeliveries(db)
    .where('alert_deliveries.id', '=', id)
    .where('alerts.group_id', '=', groupId)
    .executeTakeFirst();
  return row ? toDeliveryRecord(row) : null;
}

export async function listAttempts(db: Db, deliveryIds: readonly string[]): Promise<AttemptRecord[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_delivery_attempts')
    .selectAll()
    .where('delivery_id', 'in', [...deliveryIds])
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
  return rows.map((r) => ({
    deliveryId: r.delivery_id,
    attempt: r.attempt,
    startedAt: r.started_at,
    outcome: r.outcome as AttemptOutcome,
    latencyMs: r.latency_ms,
    httpStatus: r.http_status,
    error: r.error,
    failure: r.failure as AttemptFailure | null,
    nextAttemptAt: r.next_attempt_at,
  }));
}

/** A pending delivery no worker holds is made due now (a redelivery asked for while it waits for its retry). */
export async function makeDueNow(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('alert_deliveries')
    .set({ next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stop Sending V3 Alerts: the account's version 3 deliveries still waiting are cancelled at once, so the log says so
 * now rather than at their next retry. One a worker holds right now is left to it: it cancels it before sealing, or
 * has already sent it.
 */
export async function cancelLegacyDeliveries(db: Db, groupId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('alert_deliveries')
    .set({ status: 'cancelled', last_error: 'version 3 alerts were stopped for this account', updated_at: now })
    .where('version', '=', 3)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .where('alert_id', 'in', (eb) => eb.selectFrom('alerts').select('alerts.id').where('alerts.group_id', '=', groupId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Call inside the transaction of a delete that cascades to a credential's deliveries (Clear Data, deleting the
 * credential), before it. The delete then takes the rows in the order a worker recording an attempt takes them
 * (finishAttempt: the delivery, then its attempt), so the two queue behind each other instead of deadlocking, and the
 * cascade that follows runs once no worker holds any of the credential's deliveries. A worker that comes after the
 * lock waits and then finds its delivery gone (it logs it). SQLite's single writer already serialises the two.
 * tests/server/alert-delivery-clear-race.test.ts holds a worker half-way through to make the two meet.
 */
export async function lockDeliveriesOfClient(db: Db, clientId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('alert_deliveries').select('id').where('client_id', '=', clientId).forUpdate().execute();
}
