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

/**
 * Tokens whose signature has been checked, per key. Whether a string is correctly signed under a key never changes, so
 * a browser's cookie is verified once, not on each of its requests (the HMAC and the parse were a tenth of an
 * authenticated read's CPU in the profile, decision 0020). Only that is remembered: the expiry is compared on every
 * call, and the session row, which says whether the session was revoked, is read for every request all the same.
 * Bounded, oldest first out, so a stream of forged or one-off tokens cannot grow it.
 */
const verified = new WeakMap<SessionKey, Map<string, VerifiedToken>>();
const MAX_VERIFIED = 10_000;

interface VerifiedToken {
  payload: SessionTokenPayload;
  exp: number;
}

/** Null for anything that is not a well-formed, correctly signed, unexpired token: callers only need "no session". */
export function verifySessionToken(key: SessionKey, token: string, nowMs = Date.now()): SessionTokenPayload | null {
  let known = verified.get(key);
  if (!known) {
    known = new Map();
    verified.set(key, known);
  }
  const hit = known.get(token);
  if (hit) return hit.exp * 1000 > nowMs ? hit.payload : null;
  const checked = checkSessionToken(key, token);
  if (!checked) return null;
  if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value!);
  known.set(token, checked);
  return checked.exp * 1000 > nowMs ? checked.payload : null;
}

/** The signature and the claims' shape; the expiry is the caller's to compare. */
function checkSessionToken(key: SessionKey, token: string): VerifiedToken | null {
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
  if (typeof exp !== 'number') return null;
  if (typeof sid !== 'string' || !user || typeof user !== 'object') return null;
  // Frozen: one object answers every request that carries this token.
  const flags = Object.freeze({ apiAccess: user.apiAccess === true, isGroupOwner: user.isGroupOwner === true });
  return { payload: Object.freeze({ sid, user: flags }), exp };
}

function signature(key: SessionKey, input: string): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
