import type { LoginAnswer, LogoutAnswer, SessionAnswer } from '#shared-domain/contracts/auth.contract.ts';
import type { PublicConfigAnswer } from '#shared-domain/contracts/site.contract.ts';
import type { LoginSuccessBody } from '#shared-domain/login.ts';
import type { PublicConfig } from '#shared-domain/public-config.ts';
import { apiRequest } from './client.ts';

// Types from the route contracts (shared-domain/contracts/), imported as types only: the SPA never loads zod.

/** What the login form hands over; only what was given goes on the wire, under the wire's names. */
export interface LoginForm {
  username: string;
  password: string;
  returnTo: string | null;
  shortLived: boolean;
}

export function postLogin(form: LoginForm): Promise<LoginSuccessBody> {
  // JSON leaves out what is undefined: an empty return_to and a false short_lived are not sent.
  const body = {
    username: form.username.trim(),
    password: form.password,
    return_to: form.returnTo || undefined,
    short_lived: form.shortLived || undefined,
  };
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
