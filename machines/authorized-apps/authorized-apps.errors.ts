import { isApiError } from '../../shared-domain/api-error.ts';

/** Every failure the authorized-applications page can show; the view translates each through one message table. */
export type AuthorizedAppsErrorCode = 'AuthenticationError' | 'AnErrorOccured' | 'RemoveAppFailed';

/** A refused session has its own words (log in again); anything else on load is generic. */
export function loadFailureFrom(error: unknown): AuthorizedAppsErrorCode {
  return isApiError(error) && error.status === 401 ? 'AuthenticationError' : 'AnErrorOccured';
}

export function removeFailureFrom(error: unknown): AuthorizedAppsErrorCode {
  return isApiError(error) && error.status === 401 ? 'AuthenticationError' : 'RemoveAppFailed';
}
