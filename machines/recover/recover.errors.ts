import { isApiError } from '#shared-domain/api-error.ts';
import { validateEmail } from '#shared-domain/email.ts';
import { ValidationCode } from '#shared-domain/error-codes.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';

/** Every failure the recovery form can show; the view translates each through one message table. */
export type RecoverErrorCode = 'PleaseFillInEmail' | 'EmailInIncorrectFormat' | 'EmailNotRegistered' | 'AnErrorOccured';

/** product.md §5: the shared email rule, under the recovery page's own message keys. */
export function validateRecoverEmail(email: string): RecoverErrorCode | null {
  switch (validateEmail(email)) {
    case ValidationCode.MISSING_EMAIL:
      return 'PleaseFillInEmail';
    case ValidationCode.EMAIL_INCORRECT_FORMAT:
      return 'EmailInIncorrectFormat';
    default:
      return null;
  }
}

/** A code of the recovery page's own, or a refusal of the request itself (a rate limit, the address over its limit). */
export type RecoverFailure = RecoverErrorCode | RequestProblem;

/**
 * Code 82 has its own words; a rate limit or a refusal of the request is said as such; anything else (an
 * outage, no answer) is generic.
 */
export function recoverFailureFrom(error: unknown): RecoverFailure {
  if (isApiError(error) && error.errorName === 'EmailNotRegistered') return 'EmailNotRegistered';
  return requestProblemOf(error) ?? 'AnErrorOccured';
}
