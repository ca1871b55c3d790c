import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the portal must be able to use again (the portal's private key, the AES key) are sealed with AES-256-GCM
 * under a key derived from ALERT_KEYS_SECRET. The context (row and field) is authenticated data, so a sealed value
 * copied into another row or column no longer opens. A database dump alone reveals neither secret.
 */
export interface Sealer {
  seal(plaintext: Buffer, context: string): string;
  open(sealed: string, context: string): Buffer;
}

const VERSION = 'v1';
const INFO = 'portal alert-forwarding key sealing v1';

export function createSealer(secret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, ciphertext, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    },
  };
}
