import type { LoginAnswer, LogoutAnswer, SessionAnswer } from '../../shared-domain/contracts/auth.contract.ts';
import type { PublicConfigAnswer } from '../../shared-domain/contracts/site.contract.ts';
import type { LoginSuccessBody } from '../../shared-domain/login.ts';
import type { PublicConfig } from '../../shared-domain/public-config.ts';
import { apiRequest } from './client.ts';

// Types from the route contracts (shared-domain/contracts/), imported as types only: the SPA never loads zod.

/** What the login form hands over; only what was given goes on the wire. */
export interface LoginPayload {
  username: string;
  password: string;
  return_to: string | null;
  short_lived?: true;
}

export function postLogin(payload: LoginPayload): Promise<LoginSuccessBody> {
  const body: Record<string, unknown> = { username: payload.username, password: payload.password };
  if (payload.return_to) body.return_to = payload.return_to;
  if (payload.short_lived) body.short_lived = true;
  return apiRequest<LoginAnswer>('POST', 'login', { body });
}

/** product.md §4: with a session cookie, the login page posts only return_to and follows the redirect it gets back. */
export function postResumeSession(returnTo: string | null): Promise<LoginSuccessBody> {
  return apiRequest<LoginSuccessBody>('POST', 'login', { body: returnTo ? { return_to: returnTo } : {} });
}

export type LogoutBody = LogoutAnswer;

export function getLogout(): Promise<LogoutBody> {
  return apiRequest<LogoutBody>('GET', 'logout');
}

export type { PublicConfig };

export function getPublicConfig(): Promise<PublicConfigAnswer> {
  return apiRequest('GET', 'config');
}

export type SessionBody = SessionAnswer;

/** Whether the session the cookies name is still alive on the server (401 when revoked, expired or absent). */
export function getSession(): Promise<SessionBody> {
  return apiRequest<SessionBody>('GET', 'session');
}
