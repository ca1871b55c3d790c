import type { Locale } from '../../shared-domain/locales.ts';
import type { Region } from '../../shared-domain/account.ts';
import { apiRequest, apiUrl } from './client.ts';

/**
 * Answers that carry a server message the page shows as it comes (product.md §8: signup and password-change messages).
 */
export interface MessageBody {
  success: true;
  message: string;
}

export interface SignupPayload {
  email: string;
  password: string;
  friendly_name: string;
  accept_terms: boolean;
  language: Locale;
}

export function postSignup(payload: SignupPayload & { captcha_token: string }): Promise<MessageBody> {
  return apiRequest('POST', 'signup/new', { body: payload });
}

export function postInvitedSignup(invitationToken: string, payload: SignupPayload): Promise<MessageBody> {
  return apiRequest('POST', 'signup/invite', { query: { invitation_token: invitationToken }, body: payload });
}

/** GET signup/invite/check: the address the invitation is for, or 404/409/410 with a code (docs/api/invitations.md). */
export function getInvitationCheck(invitationToken: string): Promise<{ success: true; data: { email: string } }> {
  return apiRequest('GET', 'signup/invite/check', { query: { invitation_token: invitationToken } });
}

export interface ActivationBody {
  success: true;
  /** already_verified: the link was used before and its account is active (docs/api/signup-links.md). */
  data: { email: string; region: Region; already_verified?: boolean };
}

export function getVerify(verificationToken: string): Promise<ActivationBody> {
  return apiRequest('GET', 'signup/verify', { query: { verification_token: verificationToken } });
}

export function getResendVerification(email: string, language: Locale): Promise<MessageBody> {
  return apiRequest('GET', 'signup/verify/resend', { query: { email, language } });
}

/** 200 when verified; an ApiError with code 8 when the account still needs verification. */
export function getVerifyCheck(email: string): Promise<{ success: true; data: { verified: true } }> {
  return apiRequest('GET', 'signup/verify/check', { query: { username: email } });
}

export function getRecover(email: string, language: Locale, carried: Record<string, string> = {}): Promise<MessageBody> {
  return apiRequest('GET', 'password/recover', { query: { ...carried, email, language } });
}

export function getPasswordChangeCheck(resetToken: string): Promise<{ success: true }> {
  return apiRequest('GET', 'password/change/check', { query: { reset_token: resetToken } });
}

export function patchPasswordChange(resetToken: string, body: { password: string; logout: true; language: Locale }): Promise<MessageBody> {
  return apiRequest('PATCH', 'password/change', { query: { reset_token: resetToken }, body });
}

export type { CaptchaConfig } from '../../shared-domain/public-config.ts';

/** Where the ALTCHA widget fetches its proof-of-work challenge (a bare challenge object, not the API envelope). */
export const CAPTCHA_CHALLENGE_URL = apiUrl('captcha/challenge');
