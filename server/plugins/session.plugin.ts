import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLAIMS_COOKIE, SESSION_COOKIE, type SessionClaims } from '#shared-domain/login.ts';
import type { Config } from '../config.ts';
import { type AppError, appError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';
import {
  type ClientInfo,
  type OpenedSession,
  resolveSession,
  type SessionContext,
} from '../modules/sessions/sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession`; null on routes that do not require one. */
    session: SessionContext | null;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionContext | null>>();

export default globalPlugin('session', async (app) => {
  await app.register(cookie, { hook: 'onRequest' });
  app.decorateRequest('session', null);
});

/** The caller's session, or null; resolved at most once per request. */
export function loadSession(request: FastifyRequest): Promise<SessionContext | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    const { db, config } = request.server;
    pending = token ? resolveSession(db, config, token, clientInfo(request), Date.now()) : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

/** preHandler for routes that need a logged-in user. */
export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.session = await loadSession(request);
  if (!request.session) throw noSession(request, reply);
}

/** The session of a route guarded by `requireSession`. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw noSession();
  return request.session;
}

/**
 * The 401 for "not logged in". Stale cookies (revoked or expired session) are cleared with it, so the SPA, which
 * decides from the claims cookie whether a session exists, stops believing in one.
 */
export function noSession(request?: FastifyRequest, reply?: FastifyReply): AppError {
  if (request && reply && (request.cookies[SESSION_COOKIE] || request.cookies[CLAIMS_COOKIE])) {
    clearSessionCookies(reply, request.server.config);
  }
  return appError('NoSession');
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  // The country is the proxy's word (a CDN's geolocation), trusted as its X-Forwarded-For is: without TRUST_PROXY the
  // header comes from the client, and a login with a stolen password could name the owner's own country in the
  // device-session list.
  const behindProxy = request.server.config.trustProxy !== false;
  const country = behindProxy ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code']) : undefined;
  const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
  return {
    ip: request.ip,
    countryCode: /^[A-Z0-9]{2}$/.test(code) ? code : null,
    userAgent: request.headers['user-agent'],
  };
}

function cookieOptions(config: Config) {
  return { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
}

/** Sets the HttpOnly credential and its script-readable companion together, with the same lifetime. */
export function setSessionCookies(reply: FastifyReply, config: Config, session: OpenedSession): void {
  const options = { ...cookieOptions(config), ...(session.maxAgeSeconds ? { maxAge: session.maxAgeSeconds } : {}) };
  reply.setCookie(SESSION_COOKIE, session.token, { ...options, httpOnly: true });
  reply.setCookie(CLAIMS_COOKIE, encodeClaims(session.claims), { ...options, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(config), httpOnly: true });
  reply.clearCookie(CLAIMS_COOKIE, { ...cookieOptions(config), httpOnly: false });
}

function encodeClaims(claims: SessionClaims): string {
  const json = JSON.stringify({ apiAccess: claims.apiAccess, isGroupOwner: claims.isGroupOwner });
  return Buffer.from(json, 'utf8').toString('base64url');
}
