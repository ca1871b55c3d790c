import { createHash } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { appError } from '#server/errors.ts';
import {
  type AlertDeliveryEntry,
  type AlertIngestion,
  type AlertIngestionAnswer,
  type AlertKind,
  type AlertSeverity,
  DELIVERY_LOG_DEFAULT,
  DELIVERY_LOG_MAX,
} from '#shared-domain/alert-delivery.ts';
import type { AlertDetails } from '../alert-forwarding/alert-content.ts';
import { findClientByUid, findConfig } from '../alert-forwarding/alert-forwarding.repository.ts';
import type { Sealer } from '../alert-forwarding/key-sealing.ts';
import { sealDetails } from './alert-payload.ts';
import {
  findAlertByIdempotencyKey,
  findForwardingTargets,
  findGroupOfUser,
  insertAlert,
  type StoredAlert,
} from './alerts.repository.ts';
import {
  type AttemptRecord,
  type DeliveryRecord,
  findDeliveryOfGroup,
  insertDeliveries,
  listAttempts,
  listDeliveriesOfConfig,
  makeDueNow,
  type NewDelivery,
} from './deliveries.repository.ts';
import { RETRY } from './delivery-schedule.ts';

// Alerts enter here (the ingestion route) and the delivery log reads here; the worker (delivery.worker.ts) sends.
// Every function that queues something answers at once: callers wake the worker (app.alertDelivery.wake()) so the
// delivery starts now rather than at the next poll.

export interface IngestResult {
  answer: AlertIngestionAnswer;
  /** A retry of a hand-in already queued: nothing new was queued. */
  replayed: boolean;
}

/**
 * POST /api/internal/alerts: one alert for every alert forwarding configuration of the user's account, in version 4,
 * and in version 3 too while the account has a company id (docs/decisions/0018). The idempotency key is the service
 * client's: a retry with the same body answers the first result, with another body it is refused.
 */
export async function ingestAlert(
  db: Db,
  sealer: Sealer,
  input: { sourceClientId: string; body: AlertIngestion },
  now = Date.now(),
): Promise<IngestResult> {
  const { idempotency_key: key, ...alert } = input.body;
  // An optional field left out and the same field sent as null are the same request.
  const requestHash = hashOf({ ...alert, person: alert.person ?? null, snapshot_url: alert.snapshot_url ?? null });
  const earlier = await findAlertByIdempotencyKey(db, input.sourceClientId, key);
  if (earlier) return replay(earlier, requestHash);
  const groupId = await findGroupOfUser(db, alert.user_id);
  if (!groupId) throw appError('AlertAccountNotFound');
  const id = crypto.randomUUID();
  const details: AlertDetails = {
    camera: alert.camera,
    room: alert.room,
    person: alert.person ?? null,
    snapshot_url: alert.snapshot_url ?? null,
  };
  try {
    const count = await db.transaction().execute(async (trx) => {
      const deliveries = deliveriesFor(id, await findForwardingTargets(trx, groupId), now);
      await insertAlert(trx, {
        id,
        groupId,
        sourceClientId: input.sourceClientId,
        idempotencyKey: key,
        requestHash,
        kind: 'alert',
        type: alert.type,
        severity: alert.severity,
        occurredAt: Date.parse(alert.occurred_at),
        payloadSealed: sealDetails(sealer, id, details),
        deliveryCount: deliveries.length,
        now,
      });
      await insertDeliveries(trx, deliveries);
      return deliveries.length;
    });
    return { answer: { alert_id: id, deliveries: count }, replayed: false };
  } catch (err) {
    // The same key in two requests at once: the unique index let one in; the other answers as its retry would.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findAlertByIdempotencyKey(db, input.sourceClientId, key);
    if (!winner) throw err;
    return replay(winner, requestHash);
  }
}

function replay(earlier: StoredAlert, requestHash: string): IngestResult {
  if (earlier.requestHash !== requestHash) throw appError('IdempotencyKeyReused');
  return { answer: { alert_id: earlier.id, deliveries: earlier.deliveryCount }, replayed: true };
}

function deliveriesFor(
  alertId: string,
  targets: readonly { clientId: string; companyId: string | null }[],
  now: number,
): NewDelivery[] {
  return targets.flatMap((target) => {
    const base = { alertId, clientId: target.clientId, giveUpAt: now + RETRY.horizonMs, now };
    const v4: NewDelivery = { ...base, id: crypto.randomUUID(), version: 4, companyId: null };
    if (target.companyId === null) return [v4];
    return [v4, { ...base, id: crypto.randomUUID(), version: 3, companyId: target.companyId }];
  });
}

/** The same body gives the same hash whatever the order of its keys. */
function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface ConfigRef {
  groupId: string;
  clientUid: string;
}

/** A test alert for one configuration (the page's "Send a test alert"): a real-looking alert marked `test: true`. */
export async function enqueueTestAlert(db: Db, sealer: Sealer, ref: ConfigRef, now = Date.now()) {
  return enqueueOwn(db, sealer, ref, 'test', now);
}

/** A ping for one configuration: an envelope whose alert says only `type: "ping"`, to see the webhook answer. */
export async function enqueuePing(db: Db, sealer: Sealer, ref: ConfigRef, now = Date.now()) {
  return enqueueOwn(db, sealer, ref, 'ping', now);
}

const TEST_DETAILS: AlertDetails = {
  camera: { id: 'test-camera', name: 'Test camera' },
  room: { id: 'test-room', name: 'Test room' },
  person: null,
  snapshot_url: null,
};

async function enqueueOwn(
  db: Db,
  sealer: Sealer,
  ref: ConfigRef,
  kind: Exclude<AlertKind, 'alert'>,
  now: number,
): Promise<AlertDeliveryEntry> {
  const clientId = await configOf(db, ref);
  const id = crypto.randomUUID();
  const delivery: NewDelivery = {
    id: crypto.randomUUID(),
    alertId: id,
    clientId,
    version: 4,
    companyId: null,
    giveUpAt: now + RETRY.horizonMs,
    now,
  };
  const test = kind === 'test';
  await db.transaction().execute(async (trx) => {
    await insertAlert(trx, {
      id,
      groupId: ref.groupId,
      sourceClientId: null,
      idempotencyKey: null,
      requestHash: null,
      kind,
      type: test ? 'fall_detected' : 'ping',
      severity: test ? 'critical' : null,
      occurredAt: now,
      payloadSealed: sealDetails(sealer, id, test ? TEST_DETAILS : null),
      deliveryCount: 1,
      now,
    });
    await insertDeliveries(trx, [delivery]);
  });
  return getDelivery(db, { groupId: ref.groupId, deliveryId: delivery.id });
}

/** The delivery log of one configuration: its newest deliveries (100 at most), each with its attempts. */
export async function listDeliveries(db: Db, ref: ConfigRef & { limit?: number }): Promise<AlertDeliveryEntry[]> {
  const clientId = await configOf(db, ref);
  const limit = Math.min(Math.max(1, Math.floor(ref.limit ?? DELIVERY_LOG_DEFAULT)), DELIVERY_LOG_MAX);
  const deliveries = await listDeliveriesOfConfig(db, clientId, limit);
  const attempts = await listAttempts(
    db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((d) => toEntry(d, attempts));
}

export async function getDelivery(db: Db, ref: { groupId: string; deliveryId: string }): Promise<AlertDeliveryEntry> {
  const delivery = await findDeliveryOfGroup(db, ref.deliveryId, ref.groupId);
  if (!delivery) throw appError('AlertDeliveryNotFound');
  return toEntry(delivery, await listAttempts(db, [delivery.id]));
}

/**
 * Sends a delivery again. One still pending is made due now (no second copy of it is queued); one that ended is
 * copied into a new delivery with its own attempts and a fresh 24 hours, which the answer is. The alert keeps its
 * id, so a receiver that already acted on it can tell.
 */
export async function redeliver(
  db: Db,
  ref: { groupId: string; deliveryId: string },
  now = Date.now(),
): Promise<AlertDeliveryEntry> {
  const delivery = await findDeliveryOfGroup(db, ref.deliveryId, ref.groupId);
  if (!delivery) throw appError('AlertDeliveryNotFound');
  if (delivery.status === 'pending' && (await makeDueNow(db, delivery.id, now))) {
    return getDelivery(db, ref);
  }
  const copy: NewDelivery = {
    id: crypto.randomUUID(),
    alertId: delivery.alertId,
    clientId: delivery.clientId,
    version: delivery.version,
    companyId: delivery.companyId,
    giveUpAt: now + RETRY.horizonMs,
    redeliveryOf: delivery.id,
    now,
  };
  await insertDeliveries(db, [copy]);
  return getDelivery(db, { groupId: ref.groupId, deliveryId: copy.id });
}

/** The credential must be the account's and set up; another account's answers like an unknown one. */
async function configOf(db: Db, ref: ConfigRef): Promise<string> {
  const client = await findClientByUid(db, ref.clientUid);
  if (!client || client.groupId !== ref.groupId) throw appError('ClientNotFound');
  if (!(await findConfig(db, client.id))) throw appError('NoAlertConfig');
  return client.id;
}

function toEntry(d: DeliveryRecord, attempts: readonly AttemptRecord[]): AlertDeliveryEntry {
  return {
    id: d.id,
    alert_id: d.alertId,
    kind: d.kind,
    type: d.type,
    severity: d.severity as AlertSeverity | null,
    occurred_at: d.occurredAt,
    version: d.version,
    status: d.status,
    attempts: d.attempts,
    created_at: d.createdAt,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt : null,
    delivered_at: d.deliveredAt,
    last_http_status: d.lastHttpStatus,
    last_error: d.lastError,
    redelivery_of: d.redeliveryOf,
    attempt_log: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        started_at: a.startedAt,
        outcome: a.outcome,
        latency_ms: a.latencyMs,
        http_status: a.httpStatus,
        error: a.error,
        failure: a.failure,
        next_attempt_at: a.nextAttemptAt,
      })),
  };
}
