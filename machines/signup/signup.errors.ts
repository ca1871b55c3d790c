import { isApiError } from '../../shared-domain/api-error.ts';
import type { SignupValidationCode } from '../../shared-domain/account.ts';
import { ValidationCode } from '../../shared-domain/error-codes.ts';
import { serverMessageOf } from '../shared/server-message.ts';

/** Every failure the signup form can show as a translated message; the view translates it through one table. */
export type SignupErrorCode = SignupValidationCode | 'CaptchaRequired' | 'AnErrorOccured';

/** A translated code, or the server's own words (spec §8: "Signup server messages are shown as-is"). */
export type SignupFailure = { code: SignupErrorCode } | { serverMessage: string };

const VALIDATION_CODES = new Set<unknown>(Object.values(ValidationCode));

/**
 * A 4xx carrying a message is shown as it comes; no answer, a 5xx or an empty message is AnErrorOccured. The server
 * checks with the same validateSignup and answers its code: that one is translated like the client's own check.
 */
export function signupFailureFrom(error: unknown): SignupFailure {
  if (isApiError(error) && VALIDATION_CODES.has(error.code)) return { code: error.code as SignupValidationCode };
  const serverMessage = serverMessageOf(error);
  return serverMessage ? { serverMessage } : { code: 'AnErrorOccured' };
}
