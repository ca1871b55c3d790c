import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { SessionClaims } from '#shared-domain/login.ts';

export interface SessionTokenPayload {
  sid: string;
  user: SessionClaims;
}

/**
 * The session cookie is a compact HS256 JWT (RFC 7519) signed with node:crypto's HMAC on the calling thread. jose
 * would do the same through WebCrypto, which queues each signature as a thread-pool job behind the argon2 hashes
 * that fill that pool during logins; an HMAC over ~150 bytes costs microseconds, the queueing did not (bench/).
 * tests/server/session-token.test.ts checks the tokens against jose, so the format stays standard.
 */
const HEADER = base64url(JSON.stringify({ alg: 'HS256' }));

export type SessionKey = KeyObject;

// Every request resolves its session with the configured secret; a key object made once per secret saves node:crypto
// importing raw key bytes on each HMAC.
const keys = new Map<string, SessionKey>();

export function sessionKey(secret: string): SessionKey {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signSessionToken(
  key: SessionKey,
  payload: SessionTokenPayload,
  expiresAtMs: number,
  nowMs = Date.now(),
): string {
  const body = base64url(
    JSON.stringify({
      sid: payload.sid,
      user: payload.user,
      iat: Math.floor(nowMs / 1000),
      exp: Math.floor(expiresAtMs / 1000),
    }),
  );
  return `${HEADER}.${body}.${signature(key, `${HEADER}.${body}`)}`;
}

/** Null for anything that is not a well-formed, correctly signed, unexpired token: callers only need "no session". */
export function verifySessionToken(key: SessionKey, token: string, nowMs = Date.now()): SessionTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, mac] = parts;
  // Only our own header is accepted, so `alg: none` or an algorithm switch cannot get past this line.
  if (header !== HEADER) return null;
  const expected = Buffer.from(signature(key, `${header}.${body}`), 'utf8');
  const given = Buffer.from(mac, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const { sid, user, exp } = claims as { sid?: unknown; user?: Partial<SessionClaims>; exp?: unknown };
  if (typeof exp !== 'number' || exp * 1000 <= nowMs) return null;
  if (typeof sid !== 'string' || !user || typeof user !== 'object') return null;
  return { sid, user: { apiAccess: user.apiAccess === true, isGroupOwner: user.isGroupOwner === true } };
}

function signature(key: SessionKey, input: string): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
