import { constants, createCipheriv, hkdfSync, type KeyObject, publicEncrypt, randomBytes, sign } from 'node:crypto';
import type { AlertEnvelope } from '#shared-domain/alert-forwarding.ts';

/**
 * How every forwarded alert is sealed (docs/api/alert-forwarding.md, "Reading an alert"):
 *  - a fresh 32-byte seed per alert, encrypted to the customer's RSA public key (RSA-OAEP, SHA-256);
 *  - the content key is HKDF-SHA256(aes_key, salt = seed, info = "portal alert v4"), so reading an alert takes both
 *    the AES key shown at setup and the customer's private key, which never leaves the customer: a leak of our
 *    database, or of the AES key alone, does not open alerts captured on the way;
 *  - the alert JSON is encrypted with AES-256-GCM under that key;
 *  - the portal's private key signs the whole envelope (RSASSA-PSS, SHA-256, 32-byte salt), so the customer can tell
 *    our alerts from anyone else's POST to their webhook.
 * docs/api/alert-forwarding-decrypt.mjs, the example customers download, undoes exactly this.
 */
export const ENVELOPE_VERSION = 4;
export const CONTENT_KEY_INFO = 'portal alert v4';

export interface EnvelopeKeys {
  aesKey: Buffer;
  recipientPublicKey: KeyObject;
  portalPrivateKey: KeyObject;
}

export function sealAlert(alert: unknown, keys: EnvelopeKeys): AlertEnvelope {
  const seed = randomBytes(32);
  const encryptedSeed = publicEncrypt(
    { key: keys.recipientPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    seed,
  );
  const contentKey = Buffer.from(hkdfSync('sha256', keys.aesKey, seed, CONTENT_KEY_INFO, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(alert), 'utf8'), cipher.final()]);
  const fields = {
    encrypted_seed: encryptedSeed.toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
  const signature = sign('sha256', Buffer.from(signingInput(fields), 'utf8'), {
    key: keys.portalPrivateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: 32,
  });
  return { version: ENVELOPE_VERSION, ...fields, signature: signature.toString('base64') };
}

/** The signed text: the version and the four base64 fields joined by dots, easy to rebuild in any language. */
export function signingInput(e: Pick<AlertEnvelope, 'encrypted_seed' | 'iv' | 'ciphertext' | 'tag'>): string {
  return `v${ENVELOPE_VERSION}.${e.encrypted_seed}.${e.iv}.${e.ciphertext}.${e.tag}`;
}

/** The example in a setup answer: shaped like a real alert and marked as an example, so no one acts on it. */
export function exampleAlert(clientUid: string, now: number) {
  return {
    version: ENVELOPE_VERSION,
    alert_id: crypto.randomUUID(),
    example: true,
    type: 'fall_detected',
    occurred_at: new Date(now).toISOString(),
    client_uid: clientUid,
    room: 'Example room',
    camera: 'Example camera',
  };
}
