import { isApiError } from '#shared-domain/api-error.ts';

/**
 * Why the list could not be shown. NotOwner (code 9) and AccessDenied (80) have pages of their own; anything else but a 401 (which
 * goes to log in again) is the Authentication Error popup.
 */
export type CredentialsLoadError = 'NotAnOwnerMessage' | 'AccessDenied' | 'AuthenticationError';

export function loadFailureFrom(error: unknown): CredentialsLoadError {
  if (isApiError(error) && error.errorName === 'NotOwner') return 'NotAnOwnerMessage';
  if (isApiError(error) && error.errorName === 'AccessDenied') return 'AccessDenied';
  return 'AuthenticationError';
}

/** A failed change or delete, shown in its confirm dialog (a 401 goes to log in again instead). */
export type CredentialsActionError = 'CredentialNotFound' | 'AnErrorOccured';

export function actionFailureFrom(error: unknown): CredentialsActionError {
  return isApiError(error) && error.errorName === 'ClientNotFound' ? 'CredentialNotFound' : 'AnErrorOccured';
}
