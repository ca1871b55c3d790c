import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * High-entropy secrets (client secrets, refresh tokens, authorization codes) are 32 random bytes stored only as
 * SHA-256 (architecture.md §5): slow hashing adds nothing to 256 random bits and would cap the token endpoint at its
 * rate.
 */
export function newOpaqueSecret(): string {
  // Hex, not base64url: OAuth clients form-encode credentials before Basic auth (RFC 6749 §2.3.1) and some escape
  // '-' and '_' too; a secret of [0-9a-f] reads the same however a client encodes it, and copies with a double-click.
  return randomBytes(32).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored hash in constant time, so timing reveals no prefix of the hash. */
export function matchesHash(presented: string, storedHex: string): boolean {
  const expected = Buffer.from(storedHex, 'hex');
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A random identifier that is public but must not be guessable (client ids, client uids). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}
