import { z } from 'zod';
import {
  ALERT_ID_MAX_LENGTH,
  ALERT_INGEST_SCOPE,
  ALERT_KINDS,
  ALERT_NAME_MAX_LENGTH,
  ALERT_SEVERITIES,
  ALERT_TYPES,
  ATTEMPT_FAILURES,
  ATTEMPT_OUTCOMES,
  DELIVERY_STATUSES,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  isSnapshotUrl,
  OCCURRED_AT_MAX_AHEAD_MS,
  SNAPSHOT_URL_MAX_LENGTH,
} from '../alert-delivery.ts';
import { defineRoute, okData } from './contract.ts';

// The monitoring backend hands alerts to the portal, which forwards them to every alert forwarding configuration of
// the account (docs/api/alert-ingestion.md). The delivery log's shapes are here too, for the page that will show it.

const named = (what: string) =>
  z
    .strictObject({
      id: z
        .string()
        .min(1)
        .max(ALERT_ID_MAX_LENGTH)
        .meta({ description: `The monitoring backend's id of the ${what}` }),
      name: z
        .string()
        .trim()
        .min(1)
        .max(ALERT_NAME_MAX_LENGTH)
        .meta({ description: `The ${what}'s name as the account holder gave it` }),
    })
    .meta({ description: `The ${what}` });

export const alertIngestion = z
  .strictObject({
    idempotency_key: z
      .string()
      .min(1)
      .max(IDEMPOTENCY_KEY_MAX_LENGTH)
      .regex(/^[\x21-\x7e]+$/)
      .meta({
        description:
          'Printable ASCII without spaces, unique per alert for this service client (the backend’s event id fits). ' +
          'A retry with the same key and the same body is answered like the first request and delivers nothing ' +
          'again; the same key with another body is refused (IdempotencyKeyReused). Remembered 30 days',
        examples: ['evt-2026-11-26-0001'],
      }),
    user_id: z
      .string()
      .min(1)
      .max(100)
      .meta({
        description:
          'Whose alert: the portal user id of any member of the account (the `sub` of the tokens the person’s apps ' +
          'hold). The alert goes to every alert forwarding configuration of that user’s account',
      }),
    type: z.enum(ALERT_TYPES).meta({ description: 'What happened' }),
    occurred_at: z.iso
      .datetime({ offset: true })
      .refine((value) => Date.parse(value) <= Date.now() + OCCURRED_AT_MAX_AHEAD_MS, {
        message: 'in the future',
      })
      .meta({ description: 'When it happened: ISO 8601 with a zone, at most 5 minutes ahead of the portal’s clock' }),
    severity: z.enum(ALERT_SEVERITIES).meta({ description: 'How urgent the backend judges it' }),
    camera: named('camera'),
    room: named('room'),
    person: named('person').nullable().optional().meta({ description: 'The person, when the backend knows who it is' }),
    snapshot_url: z
      .string()
      .max(SNAPSHOT_URL_MAX_LENGTH)
      .refine(isSnapshotUrl, { message: 'an https URL without user name or password' })
      .nullable()
      .optional()
      .meta({ description: 'A picture of the event: https only, without user name or password' }),
  })
  .meta({
    examples: [
      {
        idempotency_key: 'evt-2026-11-26-0001',
        user_id: '0b6c2a52-5a44-4b8e-9a36-6d1e8f0c9a11',
        type: 'fall_detected',
        occurred_at: '2026-11-26T08:15:30.000Z',
        severity: 'critical',
        camera: { id: 'cam-17', name: 'Living room camera' },
        room: { id: 'room-3', name: 'Living room' },
        person: { id: 'person-2', name: 'Grandma' },
        snapshot_url: 'https://media.monitoring.example/snapshots/evt-2026-11-26-0001.jpg',
      },
    ],
  });

export const alertIngestionAnswer = z.object({
  alert_id: z.string().meta({
    description: 'The alert’s id: `alert_id` in every envelope sealed for it, and the key of its delivery log',
  }),
  deliveries: z
    .number()
    .int()
    .meta({
      description:
        'Deliveries queued: one per alert forwarding configuration of the account, two (versions 3 and 4) while the ' +
        'account has a company id; 0 when it has none',
    }),
});

export const ingestAlert = defineRoute({
  method: 'POST',
  url: '/api/internal/alerts',
  summary: 'Hand an alert to the portal for forwarding (the monitoring backend)',
  description:
    `For the product's own monitoring backend: a Bearer access token from the client_credentials grant of a service ` +
    `client, which only an operator creates (npm run admin -- create-service-client), with the scope ` +
    `${ALERT_INGEST_SCOPE}. Answers 202 at once; delivery happens behind it, retried for at least 24 hours ` +
    '(docs/api/alert-ingestion.md). No cookie and no Origin: it is not a browser call.',
  tags: ['Internal'],
  security: ['bearer'],
  body: alertIngestion,
  response: {
    202: okData(alertIngestionAnswer).describe(
      'Queued, or a retry of a request already queued under the same idempotency key (then the same answer, with ' +
        'the header Idempotent-Replayed: true)',
    ),
  },
  errors: ['InvalidAccessToken', 'InsufficientScope', 'AlertAccountNotFound', 'IdempotencyKeyReused'],
  errorNotes: {
    InvalidAccessToken:
      'no Bearer token, or one that is malformed, expired, revoked or for another resource (WWW-Authenticate: Bearer ' +
      'error="invalid_token")',
    InsufficientScope: `a valid token without ${ALERT_INGEST_SCOPE}: any credential made on the portal`,
    AlertAccountNotFound: 'no user has this user_id',
    IdempotencyKeyReused: 'the idempotency key was used before with another body',
    ValidationError:
      'a missing, unknown or malformed field, or one over its limit (`error.data` names the field and the limit)',
  },
});

/** One attempt at a delivery, as the delivery log shows it. Times are epoch ms. */
export const alertDeliveryAttemptEntry = z.object({
  attempt: z.number().int().meta({ description: '1 for the first attempt' }),
  started_at: z.number().meta({ description: 'Epoch ms' }),
  outcome: z.enum(ATTEMPT_OUTCOMES).meta({
    description:
      'sending: not ended, or cut short when the instance stopped (the delivery is then retried); retry: failed, ' +
      'another attempt follows; failed: the last attempt; cancelled: not sent (V3 stopped, configuration gone)',
  }),
  latency_ms: z.number().int().nullable(),
  http_status: z.number().int().nullable().meta({ description: 'The webhook’s answer, when it answered' }),
  error: z.string().nullable().meta({ description: 'What went wrong, in English, when there was no 2xx' }),
  failure: z
    .enum(ATTEMPT_FAILURES)
    .nullable()
    .meta({
      description:
        'The kind of failure when the webhook did not answer or nothing was sent (null for an HTTP answer, and for ' +
        'attempts recorded before the code existed)',
    }),
  next_attempt_at: z.number().nullable().meta({ description: 'When the next attempt is due (epoch ms), for retry' }),
});

/** One delivery of one alert to one configuration, with its attempts. */
export const alertDeliveryEntry = z.object({
  id: z.string(),
  alert_id: z.string(),
  kind: z.enum(ALERT_KINDS),
  type: z.string().meta({ description: 'The event type, or ping' }),
  severity: z.enum(ALERT_SEVERITIES).nullable(),
  occurred_at: z.number().meta({ description: 'Epoch ms' }),
  version: z.union([z.literal(3), z.literal(4)]),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  created_at: z.number(),
  next_attempt_at: z.number().nullable().meta({ description: 'While pending: when the next attempt is due' }),
  delivered_at: z.number().nullable(),
  last_http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  redelivery_of: z.string().nullable().meta({ description: 'The delivery this one sends again' }),
  attempt_log: z.array(alertDeliveryAttemptEntry).meta({ description: 'Oldest first' }),
});

export type AlertIngestion = z.infer<typeof alertIngestion>;
export type AlertIngestionAnswer = z.infer<typeof alertIngestionAnswer>;
export type AlertDeliveryAttemptEntry = z.infer<typeof alertDeliveryAttemptEntry>;
export type AlertDeliveryEntry = z.infer<typeof alertDeliveryEntry>;
