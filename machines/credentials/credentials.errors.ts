import { isApiError } from '../../shared-domain/api-error.ts';
import { ServerCode } from '../../shared-domain/error-codes.ts';

/** Spec §4: why the list could not be shown. Code 9 and 80 have pages of their own; anything else is the popup. */
export type CredentialsLoadError = 'NotAnOwnerMessage' | 'AccessDenied' | 'AuthenticationError';

export function loadFailureFrom(error: unknown): CredentialsLoadError {
  if (isApiError(error) && error.code === ServerCode.NotOwner) return 'NotAnOwnerMessage';
  if (isApiError(error) && error.code === ServerCode.AccessDenied) return 'AccessDenied';
  return 'AuthenticationError';
}

/** A failed change or delete, shown in its confirm dialog: the session's words when that is the cause, else generic. */
export type CredentialsActionError = 'AuthenticationError' | 'AnErrorOccured';

export function actionFailureFrom(error: unknown): CredentialsActionError {
  return isApiError(error) && error.status === 401 ? 'AuthenticationError' : 'AnErrorOccured';
}
