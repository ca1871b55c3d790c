import type { SnapshotFrom } from 'xstate';
import { ApiError } from '#shared-domain/api-error.ts';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { Resource } from '#shared-domain/scopes.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { consentMachine } from './consent.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */

export const HANDLE = 'Rq7mB1lN0vY5cKx2WwZ8eT3uHsJ4gFdA6pQ9oLiMnEb';

/**
 * The page's query, as a crafted link could write it: the handle, then the spec's parameters naming another
 * application. What the page shows must come from the server's answer, never from here.
 */
export const SEARCH =
  `request=${HANDLE}&scope=user%3Aread&application_name=Official%20Portal%20Mobile%20App&client_id=care-client` +
  '&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1&response_type=code' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&tracking_id=track-7';

/** Cancel (written out by hand): the registered name once known, and the handle that decides where the denial goes. */
export function denialUrlFor(applicationName: string): string {
  return (
    `/api/logout?error=access_denied&error_description=user%20denied%20authorization%20request&application_name=${encodeURIComponent(applicationName)}` +
    `&client_id=care-client&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1&request=${HANDLE}`
  );
}

export interface LoadedCase {
  label: string;
  request: ConsentRequestDetails;
  /** Where the page settles once the server has answered. */
  settles: 'asking' | 'accepting';
  manage: Resource[];
  view: Resource[];
}

export const CARE: LoadedCase = {
  label: 'Care App asks to manage cameras and alerts, view the profile and skeletons',
  request: {
    applicationName: 'Care App',
    ownerName: 'Dana Developer',
    redirectHost: 'client.example',
    native: false,
    scope: 'user:read camera:write skeleton:read alert:write',
    alexa: false,
  },
  settles: 'asking',
  manage: ['camera', 'alert'],
  view: ['user', 'skeleton'],
};

/** A registered name is whatever its developer typed: it must be shown as text, markup and all. */
export const HOSTILE_NAME = '<script>alert(1)</script> & Co';

export const ALEXA: LoadedCase = {
  label: 'an application with a hostile name asks for alexa:write and person:read',
  request: {
    applicationName: HOSTILE_NAME,
    ownerName: 'Mallory <b>M</b>',
    redirectHost: 'alexa.example:8443',
    native: false,
    scope: 'alexa:write person:read',
    alexa: true,
  },
  settles: 'asking',
  manage: ['alexa'],
  view: ['person'],
};

export const INTERNAL: LoadedCase = {
  label: 'the product’s own app asks for the internal scope',
  request: {
    applicationName: 'Portal Mobile',
    ownerName: 'Operator',
    redirectHost: 'app.example',
    native: false,
    scope: 'internal:write user:read',
    alexa: false,
  },
  settles: 'accepting',
  manage: [],
  view: ['user'],
};

/** An app on the user's device (RFC 8252): the answer goes to a loopback port or the app's own scheme, not a web site. */
export const NATIVE: LoadedCase = {
  label: 'a desktop app on the user’s device asks to view alerts',
  request: {
    applicationName: 'Desk Monitor',
    ownerName: 'Dana Developer',
    redirectHost: '127.0.0.1:53122',
    native: true,
    scope: 'alert:read',
    alexa: false,
  },
  settles: 'asking',
  manage: [],
  view: ['alert'],
};

export const loadedCases = [CARE, ALEXA, INTERNAL, NATIVE];

const NO_SESSION = apiErrorOf('NoSession');
const NOT_FOUND = apiErrorOf('ConsentRequestNotFound');
const MISMATCH = apiErrorOf('ConsentRequestMismatch');
const SCOPE_REFUSED = apiErrorOf('ConsentScopeNotAllowed');
const INTERNAL_ERROR = apiErrorOf('InternalError');
const NETWORK = new ApiError(0, null);

export const failures = { NO_SESSION, NOT_FOUND, MISMATCH, SCOPE_REFUSED, INTERNAL_ERROR, NETWORK };
const labels = new Map<unknown, string>([
  [NO_SESSION, '401'],
  [NOT_FOUND, '404 not found'],
  [MISMATCH, '400 mismatch'],
  [SCOPE_REFUSED, '403 scope refused'],
  [INTERNAL_ERROR, '500'],
  [NETWORK, 'network'],
]);

export const consentEvents: ModelEvent[] = [
  ...loadedCases.map((c) => ({ type: 'xstate.done.actor.loadRequest' as const, output: c.request })),
  ...Object.values(failures).map((error) => ({ type: 'xstate.error.actor.loadRequest' as const, error })),
  { type: 'consent.accept' },
  { type: 'consent.cancel' },
];

/**
 * Where the graph starts: the page asks the server, or the server sent the request with the page (an ordinary one,
 * and the product's own app, which consents at once).
 */
export const CONSENT_INPUTS = [
  { label: 'the page asks', input: { search: SEARCH } },
  { label: 'sent with the page', input: { search: SEARCH, preloaded: CARE.request } },
  { label: 'internal, sent with the page', input: { search: SEARCH, preloaded: INTERNAL.request } },
];

export function loadedCaseOf(event: ModelEvent): LoadedCase {
  const found = loadedCases.find((c) => c.request === (event as { output?: unknown }).output);
  if (!found) throw new Error(`not a loaded case: ${JSON.stringify(event)}`);
  return found;
}

/** Guards read the loaded request's alexa flag; errors matter only as the state they lead to. */
export function serializeConsent(snapshot: SnapshotFrom<typeof consentMachine>): unknown {
  return { value: snapshot.value, alexa: snapshot.context.request?.alexa ?? null, error: snapshot.context.error };
}

export function describeConsentEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.loadRequest') return `loaded: ${loadedCaseOf(event).label}`;
  if (event.type === 'xstate.error.actor.loadRequest')
    return `load fails ${labels.get((event as { error: unknown }).error)}`;
  return event.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const consentExplore: ExploreOptions = {
  inputs: CONSENT_INPUTS,
  events: consentEvents,
  describeEvent: describeConsentEvent,
  serialize: serializeConsent,
};
