import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import { enqueueTestAlert, listDeliveries, redeliver } from '../alerts/alerts.service.ts';
import { findDeliveryOfGroup } from '../alerts/deliveries.repository.ts';
import { findClientByUid, findConfig } from './alert-forwarding.repository.ts';
import type { ClientRef } from './alert-forwarding.service.ts';
import type { Sealer } from './key-sealing.ts';

// What the alert forwarding page reads and asks of the delivery queue, always about one credential of the caller's
// account. Queuing answers at once: the route wakes the worker.

/** The log of one configuration, newest first. */
export function deliveryLog(db: Db, ref: ClientRef & { limit?: number }): Promise<AlertDeliveryEntry[]> {
  return listDeliveries(db, ref);
}

/** Send test alert: a fall alert marked as a test inside, through the same queue as real ones. */
export function sendTestAlert(db: Db, sealer: Sealer, ref: ClientRef): Promise<AlertDeliveryEntry> {
  return enqueueTestAlert(db, sealer, ref);
}

/**
 * Redeliver, from the page: only a delivery whose retries ended without a 2xx. One still pending is being tried (its
 * next retry is on the log), and sending a delivered one again is a duplicate the receiver has to drop.
 */
export async function redeliverFailed(db: Db, ref: ClientRef & { deliveryId: string }): Promise<AlertDeliveryEntry> {
  const client = await findClientByUid(db, ref.clientUid);
  if (!client || client.groupId !== ref.groupId) throw appError('ClientNotFound');
  if (!(await findConfig(db, client.id))) throw appError('NoAlertConfig');
  const delivery = await findDeliveryOfGroup(db, ref.deliveryId, ref.groupId);
  // Another credential's delivery answers like an unknown one: the address names this credential's log.
  if (!delivery || delivery.clientId !== client.id) throw appError('AlertDeliveryNotFound');
  if (delivery.status !== 'failed') throw appError('AlertDeliveryNotFailed');
  return redeliver(db, { groupId: ref.groupId, deliveryId: delivery.id });
}
