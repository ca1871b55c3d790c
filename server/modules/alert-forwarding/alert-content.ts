import type { AlertSeverity } from '#shared-domain/alert-delivery.ts';

/** A camera, room or person: the backend's id and the name the account holder gave it. */
export interface Named {
  id: string;
  name: string;
}

/** The details of an event that name people and places: kept sealed until they are sealed again for a webhook. */
export interface AlertDetails {
  camera: Named;
  room: Named;
  person: Named | null;
  snapshot_url: string | null;
}

export interface AlertEvent {
  type: string;
  occurredAt: number;
  severity: AlertSeverity | null;
  details: AlertDetails | null;
}

export interface AlertContentInput {
  version: 3 | 4;
  alertId: string;
  /** When this envelope is sealed: every attempt seals afresh, so a retry passes the receiver's replay window. */
  issuedAt: number;
  clientUid: string;
  /** Version 3 names the company its legacy feed addressed. */
  companyId?: string;
  /** `test` (a test alert or ping asked for on the page) and `example` (the setup answer's) are not to be acted on. */
  mark?: 'test' | 'example';
  /** Null for a ping, which says only that the webhook is reached. */
  event: AlertEvent | null;
}

export type AlertContent = Record<string, unknown>;

/**
 * What an envelope encrypts (docs/api/alert-forwarding.md, "The alert"): the alert's id and the time of sealing
 * first, both under the signature, so the receiver can refuse replays; then the event.
 */
export function alertContent(input: AlertContentInput): AlertContent {
  const { event } = input;
  return {
    version: input.version,
    ...(input.companyId !== undefined ? { company_id: input.companyId } : {}),
    alert_id: input.alertId,
    issued_at: new Date(input.issuedAt).toISOString(),
    ...(input.mark ? { [input.mark]: true } : {}),
    client_uid: input.clientUid,
    ...(event
      ? {
          type: event.type,
          occurred_at: new Date(event.occurredAt).toISOString(),
          severity: event.severity,
          camera: event.details?.camera ?? null,
          room: event.details?.room ?? null,
          person: event.details?.person ?? null,
          snapshot_url: event.details?.snapshot_url ?? null,
        }
      : { type: 'ping' }),
  };
}
