import type { LoginSuccessBody } from '../../shared-domain/login.ts';
import { apiRequest } from './client.ts';
import type { PublicConfig } from '../../shared-domain/public-config.ts';

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
  return apiRequest<LoginSuccessBody>('POST', 'login', { body });
}

/** product.md §4: with a session cookie, the login page posts only return_to and follows the redirect it gets back. */
export function postResumeSession(returnTo: string | null): Promise<LoginSuccessBody> {
  return apiRequest<LoginSuccessBody>('POST', 'login', { body: returnTo ? { return_to: returnTo } : {} });
}

export interface LogoutBody {
  success: boolean;
  message: string;
}

export function getLogout(): Promise<LogoutBody> {
  return apiRequest<LogoutBody>('GET', 'logout');
}

export type { PublicConfig };

export function getPublicConfig(): Promise<{ success: true; data: PublicConfig }> {
  return apiRequest('GET', 'config');
}

export interface SessionBody {
  success: true;
  data: { user: { email: string; name: string; apiAccess: boolean; isGroupOwner: boolean } };
}

/** Whether the session the cookies name is still alive on the server (401 when revoked, expired or absent). */
export function getSession(): Promise<SessionBody> {
  return apiRequest<SessionBody>('GET', 'session');
}
