import { isApiError } from '../../shared-domain/api-error.ts';
import type { RedirectUrisProblem } from '../../shared-domain/credentials.ts';

/** Every failure the create-grant form can show; the view translates each through the one message table. */
export type CreateGrantErrorCode = RedirectUrisProblem | 'ApplicationNameTaken' | 'ClientLimitExceeded' | 'AnErrorOccured';

const BY_NAME: Record<string, CreateGrantErrorCode> = {
  ApplicationNameTaken: 'ApplicationNameTaken',
  ClientLimitExceeded: 'ClientLimitExceeded',
  InvalidRedirectUri: 'InvalidRedirectUri',
  TooManyRedirectUris: 'TooManyRedirectUris',
  RedirectUriTooLong: 'RedirectUriTooLong',
};

/** Spec §8: a create-grant failure is translated by the server's error name, or shown as a generic message. */
export function createGrantFailureFrom(error: unknown): CreateGrantErrorCode {
  const name = isApiError(error) ? error.body?.error?.name : undefined;
  return (name && Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined) ?? 'AnErrorOccured';
}
