import { isApiError } from '../../shared-domain/api-error.ts';

/**
 * 401 from any call of a signed-in page: the session is over (logged out elsewhere, revoked, expired). Nothing on the
 * page can succeed any more, so the page goes to the login page, which brings the reader back here.
 */
export function isSessionEndedFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The guard every such machine registers: reads the `error` of an `xstate.error.actor.*` event. */
export const isSessionEnded = ({ event }: { event: unknown }) => isSessionEndedFailure((event as { error?: unknown }).error);
