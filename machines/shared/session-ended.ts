import { isApiError } from '#shared-domain/api-error.ts';
import { type Failure, failure } from './actor-result.ts';

/**
 * 401 from any call of a signed-in page: the session is over (logged out elsewhere, revoked, expired). Nothing on the
 * page can succeed any more, so the page goes to the login page, which brings the reader back here.
 */
export function isSessionEndedFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The guard every such machine registers as `isSessionEnded`. */
export const isSessionEnded = (_: unknown, { error }: Failure) => isSessionEndedFailure(error);

/** The guard as an `onError` transition names it: `{ guard: sessionEnded, target: '#flow.sessionEnded' }`. */
export const sessionEnded = { type: 'isSessionEnded', params: failure } as const;
