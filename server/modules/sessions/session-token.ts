import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims } from '../../../shared-domain/login.ts';

export interface SessionTokenPayload {
  sid: string;
  user: SessionClaims;
}

const ALGORITHM = 'HS256';

export function sessionKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signSessionToken(key: Uint8Array, payload: SessionTokenPayload, expiresAtMs: number): Promise<string> {
  return new SignJWT({ sid: payload.sid, user: payload.user })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(key);
}

/** Null for anything that is not a well-formed, correctly signed, unexpired token: callers only need "no session". */
export async function verifySessionToken(key: Uint8Array, token: string): Promise<SessionTokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const user = payload.user as Partial<SessionClaims> | undefined;
    if (typeof payload.sid !== 'string' || !user || typeof user !== 'object') return null;
    return { sid: payload.sid, user: { apiAccess: user.apiAccess === true, isGroupOwner: user.isGroupOwner === true } };
  } catch {
    return null;
  }
}
