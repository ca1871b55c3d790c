import { constants, createCipheriv, hkdfSync, type KeyObject, publicEncrypt, randomBytes, sign } from 'node:crypto';
import type { AlertEnvelope } from '#shared-domain/alert-forwarding.ts';
import { type AlertContent, alertContent } from './alert-content.ts';

/**
 * How every forwarded alert is sealed (docs/api/alert-forwarding.md, "Reading an alert"):
 *  - a fresh 32-byte seed per alert, encrypted to the customer's RSA public key (RSA-OAEP, SHA-256);
 *  - the content key is HKDF-SHA256(aes_key, salt = seed, info = "portal alert v4"), so reading an alert takes both
 *    the AES key shown at setup and the customer's private key, which never leaves the customer: a leak of our
 *    database, or of the AES key alone, does not open alerts captured on the way;
 *  - the alert JSON is encrypted with AES-256-GCM under that key;
 *  - the portal's private key signs the whole envelope (RSASSA-PSS, SHA-256, 32-byte salt), so the customer can tell
 *    our alerts from anyone else's POST to their webhook.
 * The legacy version 3 is the same construction with its own labels and the company id in clear and signed
 * (docs/decisions/0018). docs/api/alert-forwarding-decrypt.mjs, the example customers download, undoes both.
 */
export const ENVELOPE_VERSION = 4;
export const CONTENT_KEY_INFO = 'portal alert v4';
export const LEGACY_ENVELOPE_VERSION = 3;
export const LEGACY_CONTENT_KEY_INFO = 'portal alert v3';

export interface EnvelopeKeys {
  aesKey: Buffer;
  recipientPublicKey: KeyObject;
  portalPrivateKey: KeyObject;
}

type SealedFields = Pick<AlertEnvelope, 'encrypted_seed' | 'iv' | 'ciphertext' | 'tag'>;

/** A version 3 envelope: the legacy feed addressed the account by its company id, so the id travels in clear. */
export interface LegacyAlertEnvelope extends SealedFields {
  version: 3;
  company_id: string;
  signature: string;
}

export function sealAlert(alert: unknown, keys: EnvelopeKeys): AlertEnvelope {
  const fields = encrypt(alert, keys, CONTENT_KEY_INFO);
  return { version: ENVELOPE_VERSION, ...fields, signature: signText(signingInput(fields), keys) };
}

export function sealLegacyAlert(alert: unknown, keys: EnvelopeKeys, companyId: string): LegacyAlertEnvelope {
  const fields = encrypt(alert, keys, LEGACY_CONTENT_KEY_INFO);
  const signature = signText(legacySigningInput(companyId, fields), keys);
  return { version: LEGACY_ENVELOPE_VERSION, company_id: companyId, ...fields, signature };
}

/** The signed text: the version and the four base64 fields joined by dots, easy to rebuild in any language. */
export function signingInput(e: SealedFields): string {
  return `v${ENVELOPE_VERSION}.${e.encrypted_seed}.${e.iv}.${e.ciphertext}.${e.tag}`;
}

/** Version 3 signs its company id too, so it cannot be moved to another company's feed. */
export function legacySigningInput(companyId: string, e: SealedFields): string {
  return `v${LEGACY_ENVELOPE_VERSION}.${companyId}.${e.encrypted_seed}.${e.iv}.${e.ciphertext}.${e.tag}`;
}

function encrypt(alert: unknown, keys: EnvelopeKeys, info: string): SealedFields {
  const seed = randomBytes(32);
  const encryptedSeed = publicEncrypt(
    { key: keys.recipientPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    seed,
  );
  const contentKey = Buffer.from(hkdfSync('sha256', keys.aesKey, seed, info, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(alert), 'utf8'), cipher.final()]);
  return {
    encrypted_seed: encryptedSeed.toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

function signText(text: string, keys: EnvelopeKeys): string {
  return sign('sha256', Buffer.from(text, 'utf8'), {
    key: keys.portalPrivateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 32,
  }).toString('base64');
}

/** The example in a setup answer: shaped like a real alert and marked as an example, so no one acts on it. */
export function exampleAlert(clientUid: string, now: number): AlertContent {
  return alertContent({
    version: ENVELOPE_VERSION,
    alertId: crypto.randomUUID(),
    issuedAt: now,
    clientUid,
    mark: 'example',
    event: {
      type: 'fall_detected',
      occurredAt: now,
      severity: 'critical',
      details: {
        camera: { id: 'example-camera', name: 'Example camera' },
        room: { id: 'example-room', name: 'Example room' },
        person: null,
        snapshot_url: null,
      },
    },
  });
}
