import type { Generated } from 'kysely';

/**
 * An alert the monitoring backend handed in (or a test alert or ping the portal made for one configuration). The
 * details that name people and places (camera, room, person, snapshot) are sealed under ALERT_KEYS_SECRET like the
 * forwarding keys (docs/decisions/0005): a copy of the database does not read them.
 */
export interface AlertsTable {
  /** The alert's id: the answer to the backend, and `alert_id` in every envelope sealed for it. */
  id: string;
  group_id: string;
  /** The service client (oauth_clients.id) that handed it in; null for the portal's own test alerts and pings. */
  source_client_id: string | null;
  /** Unique per service client: a retried hand-in finds the first one instead of making a second alert. */
  idempotency_key: string | null;
  /** SHA-256 of the request body without the key, to tell a retry from another request under the same key. */
  request_hash: string | null;
  /** `alert`, `test` or `ping`. */
  kind: string;
  /** The event type (fall_detected, …; `ping` for a ping). */
  type: string;
  severity: string | null;
  /** When the event happened, epoch ms. */
  occurred_at: number;
  /** Sealed JSON of the alert's details (alerts.payload.ts). */
  payload_sealed: string;
  /** How many deliveries the hand-in queued, so a retried hand-in answers the same. */
  delivery_count: number;
  created_at: number;
}

/**
 * One alert for one forwarding configuration in one envelope version: a row of the durable queue. A worker owns it
 * while `lease_until` is ahead; a lease that runs out (the instance died) makes the row due again, so a crash delays
 * a delivery and never loses it (at least once).
 */
export interface AlertDeliveriesTable {
  id: string;
  alert_id: string;
  /** alert_forwarding_configs.client_id: the configuration, removed with it. */
  client_id: string;
  /** 4, or 3 for the legacy feed while the account has a company id (docs/decisions/0018). */
  version: number;
  /** The company id a version 3 envelope names; null for version 4. */
  company_id: string | null;
  /** `pending` (queued or waiting for a retry), `delivered`, `failed` (given up) or `cancelled`. */
  status: string;
  /** Attempts started, counted when a worker takes the row (so an attempt cut short by a crash counts too). */
  attempts: Generated<number>;
  /** Answers that retrying cannot fix (a 4xx other than 408 and 429, a redirect, a refused address). */
  refusals: Generated<number>;
  next_attempt_at: number;
  /** After this, a failed attempt is the last: at least 24 hours after the row was queued. */
  give_up_at: number;
  lease_until: number | null;
  /** Names the worker's claim, so a worker whose lease ran out cannot record over the one that took the row next. */
  lease_token: string | null;
  /** The delivery a redelivery from the page copies. */
  redelivery_of: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
  last_http_status: number | null;
  last_error: string | null;
}

/** Every attempt at a delivery, for the delivery log: written when it starts and completed when it ends. */
export interface AlertDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  /** 1 for the first attempt of the delivery. */
  attempt: number;
  started_at: number;
  /** `sending` until it ends (still `sending` after a crash), then `delivered`, `retry`, `failed` or `cancelled`. */
  outcome: string;
  latency_ms: number | null;
  http_status: number | null;
  /** What went wrong when there was no answer or a refusal (timeout, connection refused, refused address, …). */
  error: string | null;
  /** The kind of that failure as a code (shared-domain ATTEMPT_FAILURES); null for an HTTP answer. */
  failure: string | null;
  /** When the next attempt is due, for `retry`. */
  next_attempt_at: number | null;
}
