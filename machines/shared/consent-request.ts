import { isApiError } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';

/**
 * The pending authorization request behind the consent and Alexa Together pages, as the server describes it
 * (GET /api/consent/request, docs/api/oauth.md). Everything the pages show of the application comes from here:
 * their query may name any application, and decides nothing.
 */
export interface ConsentRequestDetails {
  /** The registered client's name. */
  applicationName: string;
  /** The account holder who registered the client; empty if the server knows none. */
  ownerName: string;
  /**
   * The host of the redirect URI the answer goes back to; for an app on the user's device its loopback address or
   * private-use scheme.
   */
  redirectHost: string;
  /** The answer goes to an app on the user's device (RFC 8252), not to a web site. */
  native: boolean;
  /** Space-separated scopes, already within the user's rights and the client's. */
  scope: string;
  /** An alexa scope is asked: Accept goes through the Alexa Together page. */
  alexa: boolean;
}

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
