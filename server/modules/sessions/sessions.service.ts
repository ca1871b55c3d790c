import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { SessionClaims } from '#shared-domain/login.ts';
import { sessionKey, signSessionToken, verifySessionToken } from './session-token.ts';
import { findSession, insertSession, revokeSession, touchSession } from './sessions.repository.ts';
import { describeDevice } from './user-agent.ts';

export type SessionConfig = Pick<Config, 'sessionSecret' | 'sessionTtlHours' | 'shortSessionTtlMinutes'>;

/** Who is calling, as every authenticated route sees it. Always read from the database, never from the token alone. */
export interface SessionContext {
  sessionId: string;
  userId: string;
  groupId: string;
  email: string;
  name: string;
  isOwner: boolean;
  apiAccess: boolean;
  shortLived: boolean;
}

export interface ClientInfo {
  ip: string;
  countryCode: string | null;
  userAgent: string | undefined;
}

export interface OpenedSession {
  token: string;
  claims: SessionClaims;
  /** Cookie lifetime; undefined makes it a browser-session cookie (short-lived login). */
  maxAgeSeconds: number | undefined;
}

// Writing on every request would turn each page load into a write; a minute is finer than the UI shows.
const TOUCH_INTERVAL_MS = 60_000;

export async function openSession(
  db: Db,
  config: SessionConfig,
  input: { userId: string; claims: SessionClaims; shortLived: boolean; client: ClientInfo; now: number },
): Promise<OpenedSession> {
  const { now, shortLived, client } = input;
  const longExpiry = now + config.sessionTtlHours * 3_600_000;
  const id = crypto.randomUUID();
  await insertSession(db, {
    id,
    userId: input.userId,
    now,
    ip: client.ip,
    countryCode: client.countryCode,
    deviceDescription: describeDevice(client.userAgent),
    shortLived,
    expiresAt: shortLived ? now + config.shortSessionTtlMinutes * 60_000 : longExpiry,
  });
  // A short-lived session is an idle timeout kept in the row; the token still carries the absolute cap.
  const token = signSessionToken(sessionKey(config.sessionSecret), { sid: id, user: input.claims }, longExpiry);
  return {
    token,
    claims: input.claims,
    maxAgeSeconds: shortLived ? undefined : config.sessionTtlHours * 3600,
  };
}

/**
 * Checks the signature AND the row, so a revocation on any instance takes effect on the next request everywhere.
 * Returns null for every kind of "not logged in".
 */
export async function resolveSession(
  db: Db,
  config: SessionConfig,
  token: string,
  client: Omit<ClientInfo, 'userAgent'>,
  now: number,
): Promise<SessionContext | null> {
  const payload = verifySessionToken(sessionKey(config.sessionSecret), token);
  if (!payload) return null;
  const row = await findSession(db, payload.sid);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return null;
  if (now - row.lastActiveAt >= TOUCH_INTERVAL_MS) {
    const expiresAt = row.shortLived ? now + config.shortSessionTtlMinutes * 60_000 : row.expiresAt;
    await touchSession(db, row.id, { now, ip: client.ip, countryCode: client.countryCode, expiresAt });
  }
  return {
    sessionId: row.id,
    userId: row.userId,
    groupId: row.groupId,
    email: row.email,
    name: row.name,
    isOwner: row.isOwner,
    apiAccess: row.apiAccess,
    shortLived: row.shortLived,
  };
}

/** Revokes the session a token names, if it is a token we signed; anything else is already "logged out". */
export async function closeSession(db: Db, config: SessionConfig, token: string, now: number): Promise<void> {
  const payload = verifySessionToken(sessionKey(config.sessionSecret), token);
  if (payload) await revokeSession(db, payload.sid, now);
}
