import { createPublicKey } from 'node:crypto';
import { isPlausibleRsaPublicKey } from '#shared-domain/alert-forwarding.ts';

const MODULUS_BITS = 2048;

/**
 * product.md §5: the customer's key must be a 2048-bit RSA public key, PEM "PUBLIC KEY" (SubjectPublicKeyInfo, which
 * the first specification called PKCS #8). The label check comes first because createPublicKey would happily derive a
 * public key from a pasted private key, and we must not accept (or store) a customer's private key. Answers the key
 * re-exported by node:crypto, so that the same key pasted with other line breaks compares equal; null when it is not
 * such a key.
 */
export function normalizeCustomerPublicKey(pem: string): string | null {
  if (!isPlausibleRsaPublicKey(pem)) return null;
  try {
    const key = createPublicKey({ key: pem.trim(), format: 'pem' });
    if (key.type !== 'public' || key.asymmetricKeyType !== 'rsa') return null;
    if (key.asymmetricKeyDetails?.modulusLength !== MODULUS_BITS) return null;
    return key.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}
