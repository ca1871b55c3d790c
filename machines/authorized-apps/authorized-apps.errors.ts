import { isApiError } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';

/** Every failure the authorized-applications page can show; the view translates each through one message table. */
export type AuthorizedAppsErrorCode = 'AnErrorOccured' | 'RemoveAppFailed' | 'NotYourConsent';

/**
 * 401: this very session has ended (revoked, expired, a password reset elsewhere). The server cleared the cookies
 * with the answer, so the page goes to log in again and comes back, as every signed-in page does.
 */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** A secondary user's list was stale: what they tried to remove is not theirs (the owner may have removed it). */
export function removeFailureFrom(error: unknown): AuthorizedAppsErrorCode {
  return isApiError(error) && error.code === GenericCode.NOT_YOUR_CONSENT ? 'NotYourConsent' : 'RemoveAppFailed';
}
