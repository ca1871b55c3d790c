import { pagePaths } from '#shared-domain/page-paths.ts';

/**
 * Where the consent and Alexa Together pages send the browser (product.md §4, §7; docs/api/oauth.md). Built here,
 * beside the machines that decide to go there, so the headless tests see the very URLs the pages navigate to.
 */
export const DENIAL_DESCRIPTION = 'user denied authorization request';

/** encodeURIComponent, not URLSearchParams: a space stays %20, as the server's own redirects write it. */
function query(pairs: ReadonlyArray<readonly [string, string | null]>): string {
  return pairs
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value!)}`)
    .join('&');
}

/** Accept: the consent page's query goes back to the server as received; of it, the server reads the handle. */
export function consentUrl(search: string): string {
  return search ? `/api/consent?${search}` : '/api/consent';
}

/** Accept with an alexa scope: the Alexa Together page first, with the same request. */
export function alexaTogetherUrl(search: string): string {
  return search ? `${pagePaths.alexaTogether}?${search}` : pagePaths.alexaTogether;
}

export interface DenialRequest {
  applicationName: string | null;
  clientId: string | null;
  redirectUri: string | null;
  state: string | null;
  /** The pending request's handle: with it the server answers that request, whatever the other parameters say. */
  request: string | null;
}

/** Cancel: log out with access_denied; the server tells the request's client (docs/api/oauth.md "Cancel"). */
export function denialUrl(request: DenialRequest): string {
  return `/api/logout?${query([
    ['error', 'access_denied'],
    ['error_description', DENIAL_DESCRIPTION],
    ['application_name', request.applicationName],
    ['client_id', request.clientId],
    ['redirect_uri', request.redirectUri],
    ['state', request.state],
    ['request', request.request],
  ])}`;
}

/** The page's query; `applicationName` replaces the query's name once the server has said which application asks. */
export function denialRequestOf(params: URLSearchParams, applicationName?: string): DenialRequest {
  return {
    applicationName: applicationName ?? params.get('application_name'),
    clientId: params.get('client_id'),
    redirectUri: params.get('redirect_uri'),
    state: params.get('state'),
    request: params.get('request'),
  };
}

/**
 * Alexa Together Continue: the request's handle, which alone decides what is granted, then scope, client_id,
 * tracking_id, response_type, redirect_uri, application_name and the optional state and PKCE challenge, each when the
 * page has it, for compatibility.
 */
const ALEXA_CONSENT_KEYS = [
  'request',
  'scope',
  'client_id',
  'tracking_id',
  'response_type',
  'redirect_uri',
  'application_name',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

export function alexaConsentUrl(params: URLSearchParams): string {
  return `/api/consent?${query(ALEXA_CONSENT_KEYS.map((key) => [key, params.get(key)] as const))}`;
}

/**
 * The error page with an error_description and an OAuth error code, which it translates (src/lib/oauth-errors.ts
 * errorPageMessageKey); it never shows either as text.
 */
export function errorPageUrl(description: string | null, error: string | null = null): string {
  return `${pagePaths.error}?${query([
    ['error', error],
    ['error_description', description],
  ])}`;
}
