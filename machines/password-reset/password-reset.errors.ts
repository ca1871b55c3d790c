import type { PasswordValidationCode } from '#shared-domain/password.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import { serverMessageOf } from '../shared/server-message.ts';

/**
 * What the new-password form can show: a rule the password breaks, the server's own words ("Change failure:
 * server message", worded in the request's language), or a refusal of the request itself, which the page words (a
 * rate limit, a field over its limit): the server says those in English only.
 */
export type PasswordResetFailure =
  | { code: PasswordValidationCode | 'AnErrorOccured' }
  | { serverMessage: string }
  | RequestProblem;

export function changeFailureFrom(error: unknown): PasswordResetFailure {
  const problem = requestProblemOf(error);
  if (problem) return problem;
  const serverMessage = serverMessageOf(error);
  return serverMessage ? { serverMessage } : { code: 'AnErrorOccured' };
}
