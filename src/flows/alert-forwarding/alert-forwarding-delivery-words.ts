import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AlertDeliveryEntry, AttemptFailure } from '#shared-domain/alert-delivery.ts';

/** The words of the delivery log: an alert's type and a delivery's state in the reader's language. */
const TYPES = {
  fall_detected: msg`Fall`,
  inactivity_detected: msg`Inactivity`,
  camera_offline: msg`Camera offline`,
  camera_online: msg`Camera online`,
  ping: msg`Ping`,
} as const;

export function typeText(i18n: I18n, type: string): string {
  const known = TYPES[type as keyof typeof TYPES];
  return known ? i18n._(known) : type;
}

/** The attempt that says most: the latest one. */
export const lastAttempt = (d: AlertDeliveryEntry) => d.attempt_log.at(-1) ?? null;

/** `pending` covers three things a reader tells apart: not tried yet, being sent, waiting for a retry. */
export function stateText(i18n: I18n, d: AlertDeliveryEntry): string {
  const last = lastAttempt(d);
  switch (d.status) {
    case 'delivered':
      return i18n._(msg`Delivered`);
    case 'failed':
      return i18n._(msg`Failed`);
    case 'cancelled':
      return i18n._(msg`Cancelled`);
    default:
      if (!last) return i18n._(msg`Queued`);
      return last.outcome === 'sending' ? i18n._(msg`Sending`) : i18n._(msg`Retrying`);
  }
}

const FAILURES: Record<AttemptFailure, MessageDescriptor> = {
  timeout: msg`No answer in time`,
  dns: msg`The webhook's host name was not found`,
  connection: msg`Could not connect to the webhook`,
  tls: msg`The webhook's TLS certificate or handshake failed`,
  refused_address: msg`The webhook's address is on a private or local network`,
  bad_url: msg`The webhook address cannot be used`,
  unsealable: msg`Not sent: the keys cannot be opened; acquire new keys`,
  configuration_cleared: msg`Not sent: alert forwarding was cleared`,
  v3_stopped: msg`Not sent: version 3 alerts were stopped`,
  alert_gone: msg`Not sent: the alert no longer exists`,
};

/**
 * The webhook's answer: its HTTP status, or why none came in the reader's language, with the server's technical
 * detail after it (an address, an error code: what the integrator's own logs will show). An attempt recorded before
 * failures had codes shows the detail alone.
 */
export function answerText(i18n: I18n, d: AlertDeliveryEntry): string {
  const last = lastAttempt(d);
  if (!last || last.outcome === 'sending') return '—';
  // A protocol's words, the same in every language.
  if (last.http_status !== null) return `HTTP ${last.http_status}`;
  if (!last.failure) return last.error ?? '—';
  const why = i18n._(FAILURES[last.failure]);
  return last.error ? `${why} (${last.error})` : why;
}

/** Milliseconds in the reader's language's unit. */
export function millis(i18n: I18n, ms: number): string {
  return i18n.number(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
}

export function when(i18n: I18n, epochMs: number): string {
  return i18n.date(new Date(epochMs), { dateStyle: 'medium', timeStyle: 'medium' });
}
