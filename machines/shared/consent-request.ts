import { isApiError } from '../../shared-domain/api-error.ts';
import type { ConsentRequestDetails } from '../../shared-domain/consent-request.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';

/** What a page loading the request asks of the server: the page's own query, which carries the handle. */
export interface LoadRequestInput {
  search: string;
}

const failure = (event: unknown) => (event as { error?: unknown }).error;

/** 401: the session ended since the authorization request; log in again and come back to this very page. */
export function isSessionEndedFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * 404 (no pending request of this user by that handle: none, forged, expired, answered, another's) or 400 (the page's
 * query names another client, redirect URI or scope than the request, or is malformed): the server never sent this
 * page, so nothing on it may be accepted.
 */
export function isUnknownRequestFailure(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** 403: the request's scope is no longer within the user's rights (InvalidScopeError). */
export function isScopeRefusedFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === GenericCode.CONSENT_SCOPE_NOT_ALLOWED;
}

/** The guards both machines register; each reads the `error` of an `xstate.error.actor.*` event. */
export const requestFailureGuards = {
  isSessionEnded: ({ event }: { event: unknown }) => isSessionEndedFailure(failure(event)),
  isUnknownRequest: ({ event }: { event: unknown }) => isUnknownRequestFailure(failure(event)),
  isScopeRefused: ({ event }: { event: unknown }) => isScopeRefusedFailure(failure(event)),
};

/** The output of a successful load, from an `xstate.done.actor.loadRequest` event. */
export function loadedRequest(event: unknown): ConsentRequestDetails {
  return (event as { output: ConsentRequestDetails }).output;
}
