import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The token answer a rotated refresh token got, sealed so that only the holder of that refresh token can open it: the
 * key is HKDF-SHA256 of the refresh token itself, which the database keeps only as a SHA-256 hash. The token row's id
 * is the salt and the additional data, so a sealed answer cannot be moved to another row.
 */
export interface GraceAnswer {
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  refreshTokenExpiresAt: number | null;
  scope: string[];
}

const INFO = 'portal oauth refresh grace v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(refreshToken: string, tokenId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(refreshToken, 'utf8'), Buffer.from(tokenId, 'utf8'), INFO, 32));
}

export function sealGraceAnswer(answer: GraceAnswer, refreshToken: string, tokenId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken, tokenId), iv);
  cipher.setAAD(Buffer.from(tokenId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Null when the refresh token is not the one it was sealed under, or the text was altered. */
export function openGraceAnswer(sealed: string, refreshToken: string, tokenId: string): GraceAnswer | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken, tokenId), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(tokenId, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
    return JSON.parse(text) as GraceAnswer;
  } catch {
    return null;
  }
}
