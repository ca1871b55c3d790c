import { isApiError } from '#shared-domain/api-error.ts';
import type { LoginValidationCode } from '#shared-domain/login.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';

/** Every failure the login page can show; the view translates each through one message table. */
export type LoginErrorCode =
  | LoginValidationCode
  | 'InvalidEmailOrPassword'
  | 'EmailNotRegistered'
  | 'AccountNotVerified'
  | 'AccountLocked'
  | 'LoginTooLong'
  | 'UnexpectedError'
  | 'AnErrorOccured';

/** A code of the login page's own, or a refusal of the request itself (a rate limit, a field over its limit). */
export type LoginFailure =
  | {
      code: LoginErrorCode;
      /** Seconds until the lock ends, for AccountLocked only. */
      lockSeconds?: number;
    }
  | RequestProblem;

/**
 * 401/403 carry the meaning in the error's name (docs/decisions/0016); no answer at all is a network failure. A body too large can only
 * be the two fields; a rate limit or a schema refusal is said as such; any other status is unexpected.
 */
export function loginFailureFrom(error: unknown): LoginFailure {
  if (!isApiError(error) || error.isNetworkFailure) return { code: 'AnErrorOccured' };
  if (error.errorName === 'MissingEmail') return { code: 'MISSING_EMAIL' };
  if (error.errorName === 'MissingPassword') return { code: 'MISSING_PASSWORD' };
  const problem = requestProblemOf(error);
  if (problem?.code === 'RequestTooLarge') return { code: 'LoginTooLong' };
  if (problem) return problem;
  if (error.status !== 401 && error.status !== 403) return { code: 'UnexpectedError' };
  switch (error.errorName) {
    case 'AccountNotVerified':
      return { code: 'AccountNotVerified' };
    case 'AccountLocked': {
      const seconds = Number(error.data.account_lock_timeout);
      // Stryker disable next-line EqualityOperator: at 0 both sides give 0 (Math.ceil(0)).
      return { code: 'AccountLocked', lockSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0 };
    }
    case 'EmailNotRegistered':
      return { code: 'EmailNotRegistered' };
    default:
      return { code: 'InvalidEmailOrPassword' };
  }
}
