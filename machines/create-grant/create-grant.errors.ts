import { isApiError } from '#shared-domain/api-error.ts';
import type { RedirectUrisProblem } from '#shared-domain/credentials.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';

/** Every failure the create-grant form can show; the view translates each through the one message table. */
export type CreateGrantErrorCode =
  | RedirectUrisProblem
  | 'ApplicationNameTaken'
  | 'ClientLimitExceeded'
  | 'AnErrorOccured';

/**
 * A code of the form's own, or a refusal of the request itself, which the form words (a body over the server's limit,
 * a field over its limit): the server says those in English only.
 */
export type CreateGrantFailure = CreateGrantErrorCode | RequestProblem;

const BY_NAME: Record<string, CreateGrantErrorCode> = {
  ApplicationNameTaken: 'ApplicationNameTaken',
  ClientLimitExceeded: 'ClientLimitExceeded',
  InvalidRedirectUri: 'InvalidRedirectUri',
  TooManyRedirectUris: 'TooManyRedirectUris',
  RedirectUriTooLong: 'RedirectUriTooLong',
};

/**
 * A create-grant failure is translated by the server's error name, or shown as a generic message; a refusal
 * of the request itself is said as such, since trying again could only fail the same way.
 */
export function createGrantFailureFrom(error: unknown): CreateGrantFailure {
  const name = isApiError(error) ? error.body?.error?.name : undefined;
  return (
    (name && Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined) ?? requestProblemOf(error) ?? 'AnErrorOccured'
  );
}
