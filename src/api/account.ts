import type { ResetCheckAnswer } from '#shared-domain/contracts/password.contract.ts';
import type {
  ActivationAnswer,
  InvitationCheckAnswer,
  InvitedSignupRequest,
  MessageAnswer,
  VerifiedCheckAnswer,
} from '#shared-domain/contracts/signup.contract.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { apiRequest, apiUrl } from './client.ts';

// Types from the route contracts (shared-domain/contracts/), imported as types only: the SPA never loads zod.

/**
 * Answers that carry a server message the page shows as it comes (product.md §8: signup and password-change messages).
 */
export type MessageBody = MessageAnswer;

/** The sign-up form as the SPA sends it: every field, in the reader's language. */
export type SignupPayload = Required<InvitedSignupRequest> & { language: Locale };

/** What both sign-up forms hand over; the terms are accepted, or the form could not be sent. */
export interface SignupForm {
  email: string;
  friendlyName: string;
  password: string;
}

/** The form under the wire's names, written once for both sign-up calls. */
function signupBody(form: SignupForm, language: Locale): SignupPayload {
  return {
    email: form.email.trim(),
    password: form.password,
    friendly_name: form.friendlyName.trim(),
    accept_terms: true,
    language,
  };
}

export function postSignup(form: SignupForm & { captchaToken: string | null }, language: Locale): Promise<MessageBody> {
  const body = { ...signupBody(form, language), captcha_token: form.captchaToken ?? '' };
  return apiRequest('POST', 'signup/new', { body });
}

export function postInvitedSignup(invitationToken: string, form: SignupForm, language: Locale): Promise<MessageBody> {
  const body = signupBody(form, language);
  return apiRequest('POST', 'signup/invite', { query: { invitation_token: invitationToken }, body });
}

/** GET signup/invite/check: the address the invitation is for, or 404/409/410 with a code (docs/api/invitations.md). */
export function getInvitationCheck(invitationToken: string): Promise<InvitationCheckAnswer> {
  return apiRequest('GET', 'signup/invite/check', { query: { invitation_token: invitationToken } });
}

/** already_verified: the link was used before and its account is active (docs/api/signup-links.md). */
export type ActivationBody = ActivationAnswer;

export function getVerify(verificationToken: string): Promise<ActivationBody> {
  return apiRequest('GET', 'signup/verify', { query: { verification_token: verificationToken } });
}

export function getResendVerification(email: string, language: Locale): Promise<MessageBody> {
  return apiRequest('GET', 'signup/verify/resend', { query: { email, language } });
}

/** 200 when verified; an ApiError with code 8 when the account still needs verification. */
export function getVerifyCheck(email: string): Promise<VerifiedCheckAnswer> {
  return apiRequest('GET', 'signup/verify/check', { query: { username: email } });
}

export function getRecover(
  email: string,
  language: Locale,
  carried: Record<string, string> = {},
): Promise<MessageBody> {
  return apiRequest('GET', 'password/recover', { query: { ...carried, email, language } });
}

export function getPasswordChangeCheck(resetToken: string): Promise<ResetCheckAnswer> {
  return apiRequest('GET', 'password/change/check', { query: { reset_token: resetToken } });
}

export function patchPasswordChange(
  resetToken: string,
  body: { password: string; logout: true; language: Locale },
): Promise<MessageBody> {
  return apiRequest('PATCH', 'password/change', { query: { reset_token: resetToken }, body });
}

export type { CaptchaConfig } from '#shared-domain/public-config.ts';

/** Where the ALTCHA widget fetches its proof-of-work challenge (a bare challenge object, not the API envelope). */
export const CAPTCHA_CHALLENGE_URL = apiUrl('captcha/challenge');
