import { isApiError } from '#shared-domain/api-error.ts';

/** Every failure the authorized-applications page can show; the view translates each through one message table. */
export type AuthorizedAppsErrorCode = 'AnErrorOccured' | 'RemoveAppFailed' | 'NotYourConsent';

/** A secondary user's list was stale: what they tried to remove is not theirs (the owner may have removed it). */
export function removeFailureFrom(error: unknown): AuthorizedAppsErrorCode {
  return isApiError(error) && error.errorName === 'NotYourConsent' ? 'NotYourConsent' : 'RemoveAppFailed';
}
