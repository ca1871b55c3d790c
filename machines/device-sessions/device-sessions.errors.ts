import { isApiError } from '#shared-domain/api-error.ts';

/** Every failure the device-sessions page can show; the view translates each through one message table. */
export type DeviceSessionsErrorCode = 'AnErrorOccured' | 'RevokeSessionFailed' | 'RevokeAllSessionsFailed';

/** 404 on revoke: the session ended in the meantime (revoked elsewhere, expired): it is gone either way. */
export function isSessionGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
