import { isApiError } from '#shared-domain/api-error.ts';
import { GenericCode, ServerCode } from '#shared-domain/error-codes.ts';

/**
 * Why the list could not be shown. Code 9 and 80 have pages of their own; anything else but a 401 (which
 * goes to log in again) is the Authentication Error popup.
 */
export type CredentialsLoadError = 'NotAnOwnerMessage' | 'AccessDenied' | 'AuthenticationError';

export function loadFailureFrom(error: unknown): CredentialsLoadError {
  if (isApiError(error) && error.code === ServerCode.NotOwner) return 'NotAnOwnerMessage';
  if (isApiError(error) && error.code === ServerCode.AccessDenied) return 'AccessDenied';
  return 'AuthenticationError';
}

/** A failed change or delete, shown in its confirm dialog (a 401 goes to log in again instead). */
export type CredentialsActionError = 'CredentialNotFound' | 'AnErrorOccured';

export function actionFailureFrom(error: unknown): CredentialsActionError {
  return isApiError(error) && error.code === GenericCode.NOT_FOUND ? 'CredentialNotFound' : 'AnErrorOccured';
}
