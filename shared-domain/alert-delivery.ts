/**
 * Alert delivery (docs/api/alert-ingestion.md, docs/api/alert-forwarding.md): the vocabulary of an alert, shared by
 * the ingestion contract, the server that seals and sends alerts, and the delivery log a page will show. Zod-free,
 * so the SPA may import it.
 */

// The wire shapes are the contract's (types only, so the SPA never loads zod).
export type {
  AlertDeliveryAttemptEntry,
  AlertDeliveryEntry,
  AlertIngestion,
  AlertIngestionAnswer,
} from './contracts/alerts.contract.ts';

/** The events the monitoring backend forwards; the forwarded alert's `type` is the same word. */
export const ALERT_TYPES = ['fall_detected', 'inactivity_detected', 'camera_offline', 'camera_online'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** `alert`: handed in by the backend; `test` and `ping`: made by the portal for one configuration, on request. */
export const ALERT_KINDS = ['alert', 'test', 'ping'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `pending` covers queued, in flight and waiting for a retry. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** `sending` is an attempt that has not ended, or whose instance died during it (its lease then runs out). */
export const ATTEMPT_OUTCOMES = ['sending', 'delivered', 'retry', 'failed', 'cancelled'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * Why an attempt got no answer, or was not sent: a code the delivery log words in the reader's language, beside the
 * English detail the server logs. An answer that is not 2xx has none: its HTTP status says it.
 */
export const ATTEMPT_FAILURES = [
  'timeout',
  'dns',
  'connection',
  'tls',
  'refused_address',
  'bad_url',
  'unsealable',
  'configuration_cleared',
  'v3_stopped',
  'alert_gone',
] as const;
export type AttemptFailure = (typeof ATTEMPT_FAILURES)[number];

/**
 * The scope of the service clients an operator creates (npm run admin -- create-service-client): `internal` is never
 * granted to a credential made on the portal (server/modules/clients/client-scopes.ts), whereas `alert:write` is one
 * any third-party application may be consented.
 */
export const ALERT_INGEST_SCOPE = 'internal:write';

/** The delivery log the page reads: the newest hundred deliveries, or fewer when asked. */
export const DELIVERY_LOG_DEFAULT = 100;
export const DELIVERY_LOG_MAX = 100;

/** Names of cameras, rooms and people, and the backend's ids for them. */
export const ALERT_NAME_MAX_LENGTH = 100;
export const ALERT_ID_MAX_LENGTH = 100;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const SNAPSHOT_URL_MAX_LENGTH = 2048;
/** An event stamped further ahead than this is a clock gone wrong, not an alert. */
export const OCCURRED_AT_MAX_AHEAD_MS = 5 * 60_000;

/**
 * The receiver's replay window (docs/api/alert-forwarding.md, "Replay window"): an alert issued longer ago than this,
 * or further ahead than the allowed skew, is refused. Each attempt is sealed afresh, so a retry is never too old.
 */
export const REPLAY_WINDOW_SECONDS = 300;
export const CLOCK_SKEW_SECONDS = 60;

/**
 * A snapshot the customer's systems will fetch: https only (the alert's envelope is encrypted; the picture must not
 * travel in clear either), no user name or password in the address.
 */
export function isSnapshotUrl(value: string): boolean {
  if (value.length > SNAPSHOT_URL_MAX_LENGTH || /[\s\p{Cc}]/u.test(value)) return false;
  try {
    const url = new URL(value);
    // Stryker disable next-line ConditionalExpression,StringLiteral: an https URL with no host does not parse (catch).
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}
