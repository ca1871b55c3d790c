import { isApiError } from '../../shared-domain/api-error.ts';

/** Every failure the device-sessions page can show; the view translates each through one message table. */
export type DeviceSessionsErrorCode = 'AnErrorOccured' | 'RevokeSessionFailed' | 'RevokeAllSessionsFailed';

/**
 * 401: this very session has ended (revoked from another device, expired). The server cleared the cookies with the
 * answer, so the page goes to log in again, as the authenticated shell does for a visitor without a session.
 */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** 404 on revoke: the session ended in the meantime (revoked elsewhere, expired): it is gone either way. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
