import { isApiError } from '#shared-domain/api-error.ts';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { type Failure, failure } from './actor-result.ts';
import { isSessionEnded } from './session-ended.ts';

/** What a page loading the request asks of the server: the page's own query, which carries the handle. */
export interface LoadRequestInput {
  search: string;
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
  return isApiError(error) && error.errorName === 'ConsentScopeNotAllowed';
}

/**
 * The guards both machines register, each about the failure of loading the request; a 401 means the session ended
 * since the authorization request: log in again and come back to this very page.
 */
export const requestFailureGuards = {
  isSessionEnded,
  isUnknownRequest: (_: unknown, { error }: Failure) => isUnknownRequestFailure(error),
  isScopeRefused: (_: unknown, { error }: Failure) => isScopeRefusedFailure(error),
};

/** Those guards as an `onError` transition names them. */
export const unknownRequest = { type: 'isUnknownRequest', params: failure } as const;
export const scopeRefused = { type: 'isScopeRefused', params: failure } as const;

/** The params of a guard or action about the loaded request: what `loadRequest` answered. */
export const loadedRequest = ({ event }: { event: { output: ConsentRequestDetails } }) => event.output;
