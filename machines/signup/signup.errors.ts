import type { SignupValidationCode } from '#shared-domain/account.ts';
import { isApiError } from '#shared-domain/api-error.ts';
import type { ErrorName } from '#shared-domain/error-catalogue.ts';
import { ValidationCode } from '#shared-domain/error-codes.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import { serverMessageOf } from '../shared/server-message.ts';

/** Why an invitation link cannot create an account (GET /api/signup/invite/check, docs/api/invitations.md). */
export type InvitationProblem =
  | 'InvitationNotFound'
  | 'InvitationUsed'
  | 'InvitationExpired'
  | 'InvitationEmailRegistered';

/** Every failure the signup pages can show as a translated message; the view translates it through one table. */
export type SignupErrorCode = SignupValidationCode | 'CaptchaRequired' | 'AnErrorOccured' | InvitationProblem;

/**
 * A translated code, the server's own words (the product rule: "Signup server messages are shown as-is"; the server words them
 * in the form's language), or a refusal of the request itself, which the page words (a rate limit, a field too long).
 */
export type SignupFailure = { code: SignupErrorCode } | { serverMessage: string } | RequestProblem;

const VALIDATION_CODES = new Set<unknown>(Object.values(ValidationCode));

/**
 * A 4xx carrying a message is shown as it comes; no answer, a 5xx or an empty message is AnErrorOccured. The server
 * checks with the same validateSignup and answers its code: that one is translated like the client's own check.
 */
export function signupFailureFrom(error: unknown): SignupFailure {
  // By code here: the spec's validation codes are the message keys the page words, and each has one name.
  if (isApiError(error) && VALIDATION_CODES.has(error.code)) return { code: error.code as SignupValidationCode };
  const problem = requestProblemOf(error);
  if (problem) return problem;
  const serverMessage = serverMessageOf(error);
  return serverMessage ? { serverMessage } : { code: 'AnErrorOccured' };
}

const INVITATION_PROBLEMS: Partial<Record<ErrorName, InvitationProblem>> = {
  InvitationUsed: 'InvitationUsed',
  InvitationExpired: 'InvitationExpired',
  EmailAlreadyRegistered: 'InvitationEmailRegistered',
};

/** A refusal of the invitation check; anything without a known code (a malformed token) is a link that leads nowhere. */
export function invitationProblemFrom(error: unknown): InvitationProblem {
  const name = isApiError(error) ? error.errorName : undefined;
  return (name && INVITATION_PROBLEMS[name]) || 'InvitationNotFound';
}

/** The invited form was refused for the link's sake, not for what was typed. */
export function isInvitationRefusal(error: unknown): boolean {
  return isApiError(error) && (error.errorName === 'InvalidToken' || error.errorName === 'EmailAlreadyRegistered');
}
