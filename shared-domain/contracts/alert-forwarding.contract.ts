import { z } from 'zod';
import { defineRoute, okData, okEmpty } from './contract.ts';

// product.md §7 alert_forwarding_config, for the account owner of a group with API access;
// docs/api/alert-forwarding.md says how to decrypt an alert.

/** A credential's forwarding. `name` is the credential's application name. */
export const alertForwardingConfig = z.object({
  url: z.string(),
  name: z.string(),
  /** The customer's RSA public key (SPKI PEM, as the server normalised it). */
  group_public_key: z.string(),
  /** Present while the account still receives V3 alerts; null once they were stopped. */
  companyId: z.string().nullable(),
  /** The portal's RSA public key (SPKI PEM) that verifies every alert's signature. Public, so always shown. */
  portal_public_key: z.string(),
});

/** One forwarded alert as the webhook receives it: every binary field is standard base64. */
export const alertEnvelope = z.object({
  version: z.literal(4),
  encrypted_seed: z.string(),
  iv: z.string(),
  ciphertext: z.string(),
  tag: z.string(),
  signature: z.string(),
});

/** What a setup or Acquire New Keys answers: keys shown this once. */
export const alertForwardingKeys = z.object({
  /** 32 bytes, hex encoded. */
  aes_key: z.string(),
  portal_public_key: z.string(),
  example: alertEnvelope,
  config: alertForwardingConfig,
});

export const alertForwardingEditResult = z.object({ changed: z.boolean(), config: alertForwardingConfig });

// Lengths bound the request; the service owns the rules (https webhook on a public host, 2048-bit RSA key).
const url = z.string().max(4096);
const publicRsaKey = z.string().max(8192).meta({ description: 'SPKI PEM of a 2048-bit RSA key' });
const params = z.strictObject({ client_uid: z.string().min(1).max(200) });
const DEVELOPER = ['NotOwner', 'AccessDenied', 'ClientNotFound'] as const;
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
});

export const setUp = defineRoute({
  method: 'POST',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Set up alert forwarding: answers the AES key and the portal’s key, this once',
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  body: z
    .strictObject({ url, public_rsa_key: publicRsaKey })
    .meta({ examples: [{ url: 'https://alerts.example.com/hook', public_rsa_key: PEM_EXAMPLE }] }),
  response: { 200: okData(alertForwardingKeys) },
  errors: [...DEVELOPER, 'InvalidForwardAlertWebhook', 'InvalidRsaPublicKey', 'AlertForwardingAlreadyConfigured', 'RateLimited'],
});

export const edit = defineRoute({
  method: 'PUT',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Change the webhook or the key, or acquire new portal keys',
  description: 'One change per request, as the page edits one field at a time (product.md §7).',
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
});

export const clear = defineRoute({
  method: 'DELETE',
  url: '/api/alert_forwarding_config/:client_uid',
  summary: 'Stop forwarding a credential’s alerts',
  tags: ['Alert forwarding'],
  security: ['session'],
  params,
  response: { 200: okEmpty },
  errors: [...DEVELOPER, 'NoAlertConfig'],
});

export const stopV3Alerts = defineRoute({
  method: 'PUT',
  url: '/api/alert_forwarding_config',
  summary: 'Stop sending V3 alerts, for the whole account: irreversible',
  tags: ['Alert forwarding'],
  security: ['session'],
  body: z.strictObject({ remove_company_id: z.literal(true) }),
  response: { 200: okEmpty },
  errors: ['NotOwner', 'AccessDenied'],
});

export type AlertForwardingConfig = z.infer<typeof alertForwardingConfig>;
export type AlertEnvelope = z.infer<typeof alertEnvelope>;
export type AlertForwardingKeys = z.infer<typeof alertForwardingKeys>;
export type AlertForwardingEditResult = z.infer<typeof alertForwardingEditResult>;
export type AlertForwardingSetupPayload = z.input<typeof setUp.body>;
/** An edit changes one field; the server saves it only when it differs from what is stored. */
export type AlertForwardingEditPayload = { url: string } | { public_rsa_key: string };
