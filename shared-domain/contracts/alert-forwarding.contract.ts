import { z } from 'zod';
import { DELIVERY_LOG_DEFAULT, DELIVERY_LOG_MAX } from '../alert-delivery.ts';
import { alertDeliveryEntry } from './alerts.contract.ts';
import { defineRoute, okData, okEmpty } from './contract.ts';

// product.md §7 alert_forwarding_config, for the account owner of a group with API access;
// docs/api/alert-forwarding.md says how to decrypt an alert.

/** A credential's forwarding, as GET answers it and every answer with a `config` carries it. */
export const alertForwardingConfig = z.object({
  url: z.string().meta({ description: 'The webhook every alert is POSTed to' }),
  name: z.string().meta({ description: 'The credential’s application name' }),
  group_public_key: z
    .string()
    .meta({ description: 'Your RSA public key as the portal stored it (re-encoded SPKI PEM)' }),
  companyId: z
    .string()
    .nullable()
    .meta({
      description:
        'The company id the legacy version 3 alert feed addresses the account by: present while the account still ' +
        'receives V3 alerts, null once they were stopped',
      examples: ['ACME-42'],
    }),
  portal_public_key: z.string().meta({
    description:
      'The portal’s RSA public key (SPKI PEM) that verifies every alert’s signature, the current one after Acquire New ' +
      'Keys (the spec’s `{product}_public_key`). Public, so always answered',
  }),
});

const base64 = (description: string) => z.string().meta({ description: `Standard base64: ${description}` });

/** One forwarded alert as the webhook receives it (docs/api/alert-forwarding.md "Reading an alert" opens it). */
export const alertEnvelope = z
  .object({
    version: z.literal(4),
    encrypted_seed: base64(
      '32 random bytes, fresh for every alert, RSA-OAEP (SHA-256, MGF1 SHA-256) to your public key',
    ),
    iv: base64('the 12-byte AES-256-GCM nonce'),
    ciphertext: base64('the alert, UTF-8 JSON, under AES-256-GCM'),
    tag: base64('the 16-byte GCM tag'),
    signature: base64(
      'RSASSA-PSS (SHA-256, MGF1 SHA-256, salt length 32) by the portal over the UTF-8 text ' +
        '`v4.<encrypted_seed>.<iv>.<ciphertext>.<tag>`',
    ),
  })
  .meta({ description: 'One alert, the JSON body of a POST to the webhook; every binary field is standard base64' });

/** What a setup or Acquire New Keys answers: keys shown this once. */
export const alertForwardingKeys = z.object({
  aes_key: z.string().meta({
    description:
      'The AES-256 key, 32 bytes as 64 hex characters: answered this once, keep it as secret as your private key',
  }),
  portal_public_key: z.string().meta({
    description: 'The portal’s RSA public key (SPKI PEM) that verifies the signatures (new after Acquire New Keys)',
  }),
  example: alertEnvelope.meta({
    description: 'An example alert sealed with these keys: opened, it is an alert with `"example": true`',
  }),
  config: alertForwardingConfig,
});

export const alertForwardingEditResult = z.object({
  changed: z.boolean().meta({
    description: 'false when the value equals the stored one (the same key with other line breaks is the same key)',
  }),
  config: alertForwardingConfig,
});

// Lengths bound the request; the service owns the rules (https webhook on a public host, 2048-bit RSA key).
const url = z
  .string()
  .max(4096)
  .meta({
    description:
      'The webhook: https on a public host, without user name, password or fragment (not localhost, a single-label or ' +
      '.local name, or a private, loopback or link-local address). Saving a new one (setup, or a changed url) queues a ' +
      'ping to it, whose answer the delivery log shows',
  });
const publicRsaKey = z.string().max(8192).meta({
  description:
    'Your 2048-bit RSA public key as SPKI PEM (`-----BEGIN PUBLIC KEY-----`); not PKCS #1, not a private key',
});
const params = z.strictObject({ client_uid: z.string().min(1).max(200) });
const DEVELOPER = ['NotOwner', 'AccessDenied', 'ClientNotFound'] as const;
// Checked in this order after the session, as for the credentials routes (docs/api/alert-forwarding.md "API").
const DEVELOPER_NOTES = {
  NotOwner: 'the caller is not the group owner',
  AccessDenied: 'the group has no API access',
  ClientNotFound: 'no such credential: one of another account answers alike',
} as const;
const KEYS_ANSWER =
  'Answered with Cache-Control: no-store. Key-issuing calls (setup, Acquire New Keys) are limited to 20 a minute per account.';
const PEM_EXAMPLE = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBg…\n-----END PUBLIC KEY-----';

export const getConfig = defineRoute({
  method: 'GET',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'A credential’s alert forwarding',
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  response: { 200: okData(alertForwardingConfig) },
  errors: [...DEVELOPER, 'NoAlertConfig'],
  errorNotes: { ...DEVELOPER_NOTES, NoAlertConfig: 'nothing is set up for this credential' },
});

export const setUp = defineRoute({
  method: 'POST',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Set up alert forwarding: answers the AES key and the portal’s key, this once',
  description: KEYS_ANSWER,
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  body: z
    .strictObject({ url, public_rsa_key: publicRsaKey })
    .meta({ examples: [{ url: 'https://alerts.example.com/hook', public_rsa_key: PEM_EXAMPLE }] }),
  response: { 200: okData(alertForwardingKeys) },
  errors: [
    ...DEVELOPER,
    'InvalidForwardAlertWebhook',
    'InvalidRsaPublicKey',
    'AlertForwardingAlreadyConfigured',
    'RateLimited',
  ],
  errorNotes: {
    ...DEVELOPER_NOTES,
    ValidationError: 'a missing or unknown field, or one over its length (`error.data` names the field and the limit)',
    AlertForwardingAlreadyConfigured: 'set up already: the first keys stand, new ones come from Acquire New Keys (PUT)',
    RateLimited:
      'more than 20 key-issuing calls a minute for the account; `error.data.retry_after_seconds` says how long to wait',
  },
});

export const edit = defineRoute({
  method: 'PUT',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Change the webhook or the key, or acquire new portal keys',
  description:
    'One change per request, as the page edits one field at a time (product.md §7). `url` or `public_rsa_key`: saved ' +
    'only if valid and different from the stored value; answers `{ changed, config }`, the portal’s keys stay. ' +
    '`overwrite_portal_keys: true` (Acquire New Keys): replaces the portal’s key pair and the AES key at once and ' +
    'answers like POST, with the new keys and a new example; the old keys open nothing sent afterwards. ' +
    KEYS_ANSWER,
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  body: z
    .union([
      z.strictObject({ url }),
      z.strictObject({ public_rsa_key: publicRsaKey }),
      z.strictObject({ overwrite_portal_keys: z.literal(true) }),
    ])
    .meta({ examples: [{ url: 'https://alerts.example.com/v2/hook' }] }),
  response: { 200: okData(z.union([alertForwardingEditResult, alertForwardingKeys])) },
  errors: [...DEVELOPER, 'NoAlertConfig', 'InvalidForwardAlertWebhook', 'InvalidRsaPublicKey', 'RateLimited'],
  errorNotes: {
    ...DEVELOPER_NOTES,
    NoAlertConfig: 'nothing is set up for this credential',
    RateLimited:
      'Acquire New Keys past 20 key-issuing calls a minute for the account (edits of the url or key are not counted)',
  },
});

export const clear = defineRoute({
  method: 'DELETE',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Stop forwarding a credential’s alerts',
  description:
    'Clear Data: the configuration and its keys are deleted for good (deleting the credential does the same).',
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  response: { 200: okEmpty },
  errors: [...DEVELOPER, 'NoAlertConfig'],
  errorNotes: { ...DEVELOPER_NOTES, NoAlertConfig: 'there was nothing to clear' },
});

export const stopV3Alerts = defineRoute({
  method: 'PUT',
  url: '/api/alert_forwarding_config',
  summary: 'Stop sending V3 alerts, for the whole account: irreversible',
  description:
    'Removes the company id the legacy version 3 feed addresses the account by; from then on only version 4 alerts ' +
    'are sent. Answers success also when there was no company id.',
  tags: ['Alert forwarding'],
  security: ['session'],
  body: z.strictObject({ remove_company_id: z.literal(true) }),
  response: { 200: okEmpty },
  errors: ['NotOwner', 'AccessDenied'],
  errorNotes: { NotOwner: DEVELOPER_NOTES.NotOwner, AccessDenied: DEVELOPER_NOTES.AccessDenied },
});

/** The delivery log of one configuration, newest first (the page's log, Refresh after each action). */
export const deliveryLog = z.object({
  deliveries: z.array(alertDeliveryEntry).meta({
    description: 'Newest first: alerts, test alerts and pings, each with its attempts (oldest first)',
  }),
});

/** An action that takes nothing but its address: the SPA sends every call as JSON, so an empty object. */
const NOTHING = z.strictObject({}).meta({ examples: [{}] });

const TEST_ALERTS_PER_MINUTE_NOTE =
  'Test alerts are limited to 10 a minute per account: each one is sealed, signed and sent to your webhook.';

export const listDeliveries = defineRoute({
  method: 'GET',
  url: '/api/alert_forwarding_config/:client_uid/deliveries',
  summary: 'The delivery log of a credential’s alert forwarding',
  description:
    'Every delivery to the webhook (alerts, test alerts and pings), newest first, with each attempt: when it started, ' +
    'its HTTP status or error, its latency and, while it is retried, when the next attempt is due. Deliveries are ' +
    'kept 30 days.',
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  query: z.strictObject({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(DELIVERY_LOG_MAX)
      .optional()
      .meta({ description: `How many deliveries, ${DELIVERY_LOG_DEFAULT} unless given` }),
  }),
  response: { 200: okData(deliveryLog) },
  errors: [...DEVELOPER, 'NoAlertConfig'],
  errorNotes: { ...DEVELOPER_NOTES, NoAlertConfig: 'nothing is set up for this credential' },
});

export const sendTestAlert = defineRoute({
  method: 'POST',
  url: '/api/alert_forwarding_config/:client_uid/test_alert',
  summary: 'Send a test alert to the webhook',
  description:
    'Queues a fall alert sealed and signed like any other, marked `"test": true` inside, through the same queue and ' +
    'retries; answers the queued delivery at once. ' +
    TEST_ALERTS_PER_MINUTE_NOTE,
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  body: NOTHING,
  response: { 200: okData(alertDeliveryEntry) },
  errors: [...DEVELOPER, 'NoAlertConfig', 'RateLimited'],
  errorNotes: {
    ...DEVELOPER_NOTES,
    NoAlertConfig: 'nothing is set up for this credential',
    RateLimited: 'more than 10 test alerts a minute for the account; `error.data.retry_after_seconds` says the wait',
  },
});

export const redeliver = defineRoute({
  method: 'POST',
  url: '/api/alert_forwarding_config/:client_uid/deliveries/:delivery_id/redeliver',
  summary: 'Send a failed delivery again',
  description:
    'A delivery whose retries ended without a 2xx is copied into a new delivery of the same alert (same `alert_id`, ' +
    'sealed afresh), with its own attempts and 24 hours of retries; answers the new delivery.',
  tags: ['Alert forwarding'],
  security: ['session'],
  params: z.strictObject({ client_uid: params.shape.client_uid, delivery_id: z.string().min(1).max(100) }),
  body: NOTHING,
  response: { 200: okData(alertDeliveryEntry) },
  errors: [...DEVELOPER, 'NoAlertConfig', 'AlertDeliveryNotFound', 'AlertDeliveryNotFailed'],
  errorNotes: {
    ...DEVELOPER_NOTES,
    NoAlertConfig: 'nothing is set up for this credential',
    AlertDeliveryNotFound: 'no delivery of this credential has this id',
    AlertDeliveryNotFailed: 'the delivery is still being tried, was delivered or was cancelled: only a failed one',
  },
});

export type AlertForwardingConfig = z.infer<typeof alertForwardingConfig>;
export type AlertEnvelope = z.infer<typeof alertEnvelope>;
export type AlertForwardingKeys = z.infer<typeof alertForwardingKeys>;
export type AlertForwardingEditResult = z.infer<typeof alertForwardingEditResult>;
export type AlertForwardingSetupPayload = z.input<typeof setUp.body>;
/** An edit changes one field; the server saves it only when it differs from what is stored. */
export type AlertForwardingEditPayload = { url: string } | { public_rsa_key: string };
export type AlertDeliveryLog = z.infer<typeof deliveryLog>;
