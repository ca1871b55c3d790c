import type { SnapshotFrom } from 'xstate';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { alexaTogetherMachine } from './alexa-together.machine.ts';

/** Model cases shared by the headless test and the test through the view. */
export const HANDLE = 'Ax4nT7bQ2mL9vK1cZ8yR3wE6uJ5hG0fD-_sPiOoNlMk';

/** The page's query as a crafted link could write it: the handle, then parameters naming another application. */
export const SEARCH =
  `request=${HANDLE}&scope=alexa%3Awrite%20person%3Aread&application_name=Official%20Portal%20Mobile%20App&client_id=care-client` +
  '&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1&response_type=code' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&tracking_id=track-7';

/** Continue, handle first, then the spec's parameters in the spec's order (written out by hand). */
export const CONTINUE_URL =
  `/api/consent?request=${HANDLE}&scope=alexa%3Awrite%20person%3Aread&client_id=care-client&tracking_id=track-7&response_type=code` +
  '&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&application_name=Official%20Portal%20Mobile%20App&state=xyz%2F1' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256';

/** Cancel: the registered name once known (else the query's), and the handle that decides where the denial goes. */
export function denialUrlFor(applicationName: string): string {
  return (
    `/api/logout?error=access_denied&error_description=user%20denied%20authorization%20request&application_name=${encodeURIComponent(applicationName)}` +
    `&client_id=care-client&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1&request=${HANDLE}`
  );
}

/** A registered name is whatever its developer typed: it must be shown as text, markup and all. */
export const HOSTILE_NAME = '<script>alert(1)</script> & Co';

export const LINK: ConsentRequestDetails = {
  applicationName: HOSTILE_NAME,
  ownerName: 'Dana Developer',
  redirectHost: 'alexa.example',
  native: false,
  scope: 'alexa:write person:read',
  alexa: true,
};

/** A pending request of this user that asks for no alexa scope: Continue would grant what this page never names. */
export const NOT_ALEXA: ConsentRequestDetails = { ...LINK, scope: 'camera:read', alexa: false };

const NO_SESSION = apiErrorOf('NoSession');
const NOT_FOUND = apiErrorOf('ConsentRequestNotFound');
const MISMATCH = apiErrorOf('ConsentRequestMismatch');
const SCOPE_REFUSED = apiErrorOf('ConsentScopeNotAllowed');
const INTERNAL_ERROR = apiErrorOf('InternalError');

/** Where the graph starts: the page asks the server, or the server sent the request with the page. */
export const ALEXA_TOGETHER_INPUTS = [
  { label: 'the page asks', input: { search: SEARCH } },
  { label: 'sent with the page', input: { search: SEARCH, preloaded: LINK } },
  { label: 'a request without alexa sent with the page', input: { search: SEARCH, preloaded: NOT_ALEXA } },
];

export const failures = { NO_SESSION, NOT_FOUND, MISMATCH, SCOPE_REFUSED, INTERNAL_ERROR };
const labels = new Map<unknown, string>([
  [LINK, 'an Alexa Together request'],
  [NOT_ALEXA, 'a request without alexa scope'],
  [NO_SESSION, '401'],
  [NOT_FOUND, '404 not found'],
  [MISMATCH, '400 mismatch'],
  [SCOPE_REFUSED, '403 scope refused'],
  [INTERNAL_ERROR, '500'],
]);

export const alexaTogetherEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadRequest', output: LINK },
  { type: 'xstate.done.actor.loadRequest', output: NOT_ALEXA },
  ...Object.values(failures).map((error) => ({ type: 'xstate.error.actor.loadRequest' as const, error })),
  { type: 'link.continue' },
  { type: 'link.cancel' },
];

export function serializeAlexaTogether(snapshot: SnapshotFrom<typeof alexaTogetherMachine>): unknown {
  return { value: snapshot.value, loaded: snapshot.context.request !== null, error: snapshot.context.error };
}

export function describeAlexaTogetherEvent(event: ModelEvent): string {
  const e = event as { type: string; output?: unknown; error?: unknown };
  if (e.type === 'xstate.done.actor.loadRequest') return `loaded: ${labels.get(e.output)}`;
  if (e.type === 'xstate.error.actor.loadRequest') return `load fails ${labels.get(e.error)}`;
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const alexaTogetherExplore: ExploreOptions = {
  inputs: ALEXA_TOGETHER_INPUTS,
  events: alexaTogetherEvents,
  serialize: serializeAlexaTogether,
  describeEvent: describeAlexaTogetherEvent,
};
