import { isApiError } from '../../shared-domain/api-error.ts';
import { validateEmail } from '../../shared-domain/account.ts';
import { ServerCode, ValidationCode } from '../../shared-domain/error-codes.ts';

/** Every failure the recovery form can show; the view translates each through one message table. */
export type RecoverErrorCode = 'PleaseFillInEmail' | 'EmailInIncorrectFormat' | 'EmailNotRegistered' | 'AnErrorOccured';

/** Spec §5: the shared email rule, under the recovery page's own message keys. */
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

/** Spec §8: code 82 is the one failure with its own words; anything else (rate limit, outage, network) is generic. */
export function recoverFailureFrom(error: unknown): RecoverErrorCode {
  return isApiError(error) && error.code === ServerCode.EmailNotRegistered ? 'EmailNotRegistered' : 'AnErrorOccured';
}
