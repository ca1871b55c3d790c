import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { AmazonCallbackEvent, StoredAmazonLogin } from './amazon-callback.machine.ts';

/** Model cases shared by the headless test and the test through the view. */
export const PRODUCT = 'portal';
export const STATE = 'st4te-Xy';
export const CODE = 'ANdNAVhyhqirUelHGEHA';
export const STORED: StoredAmazonLogin = {
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  returnTo: '/api/oauth/authorize?client_id=care-client&scope=user%3Aread',
};

export interface OpenCase {
  label: string;
  event: AmazonCallbackEvent;
  /** Where the page goes when the case ends on the error page (written out by hand); null: it signs in. */
  errorUrl: string | null;
}

const open = (fields: {
  code?: string;
  error?: string;
  errorDescription?: string;
  stored?: StoredAmazonLogin;
}): AmazonCallbackEvent =>
  ({
    type: 'callback.open',
    code: fields.code ?? null,
    error: fields.error ?? null,
    errorDescription: fields.errorDescription ?? null,
    stored: fields.stored ?? null,
  }) as const;

export const openCases: OpenCase[] = [
  {
    label: 'Amazon refused, with a description',
    event: open({ error: 'access_denied', errorDescription: 'The user denied the request', stored: STORED }),
    errorUrl: '/pages/error?error=access_denied&error_description=The%20user%20denied%20the%20request',
  },
  {
    label: 'Amazon refused, no description',
    event: open({ error: 'server_error' }),
    errorUrl: '/pages/error?error=server_error',
  },
  { label: 'a code and the stored state', event: open({ code: CODE, stored: STORED }), errorUrl: null },
  {
    label: 'a code, but no stored state',
    event: open({ code: CODE }),
    errorUrl: '/pages/error?error_description=bad_request',
  },
  {
    label: 'the stored state, but no code',
    event: open({ stored: STORED }),
    errorUrl: '/pages/error?error_description=bad_request',
  },
];

export interface SignInOutcome {
  label: string;
  event: ModelEvent;
  /** Where the page goes next (written out by hand). */
  url: string;
}

export const signInOutcomes: SignInOutcome[] = [
  {
    label: 'signed in, back to the portal page',
    event: { type: 'xstate.done.actor.signInWithAmazon', output: { redirect: '/pages/device-sessions' } },
    url: '/pages/device-sessions',
  },
  {
    label: 'signed in, back to the authorization request',
    event: { type: 'xstate.done.actor.signInWithAmazon', output: { redirect: STORED.returnTo } },
    url: STORED.returnTo!,
  },
  {
    label: '409 email already registered',
    event: {
      type: 'xstate.error.actor.signInWithAmazon',
      error: apiErrorOf('EmailAlreadyRegistered'),
    },
    url: '/pages/error?error_description=email_already_exists_as_portal_account',
  },
  {
    label: '400 Amazon refused the code',
    event: {
      type: 'xstate.error.actor.signInWithAmazon',
      error: apiErrorOf('AmazonLoginFailed'),
    },
    url: '/pages/error?error_description=bad_request',
  },
  {
    // Too many sign-ins from this address: the request was fine, so not bad_request; the error page says to wait.
    label: '429 too many sign-ins',
    event: {
      type: 'xstate.error.actor.signInWithAmazon',
      error: new ApiError(429, {
        ...apiErrorBody('RateLimited', { retry_after_seconds: 30 }),
        message: 'Too many requests, please try again later',
      }),
    },
    url: '/pages/error?error_description=rate_limited',
  },
  {
    // No answer is not a bad request: the error page says to try again later.
    label: 'network failure',
    event: { type: 'xstate.error.actor.signInWithAmazon', error: new ApiError(0, null) },
    url: '/pages/error?error_description=temporarily_unavailable',
  },
  {
    // 500, the first status that says the server failed.
    label: '500 server error',
    event: {
      type: 'xstate.error.actor.signInWithAmazon',
      error: new ApiError(500, null),
    },
    url: '/pages/error?error_description=temporarily_unavailable',
  },
];

export const amazonCallbackEvents: ModelEvent[] = [
  ...openCases.map((c) => c.event as unknown as ModelEvent),
  ...signInOutcomes.map((o) => o.event),
];

export const openCaseOf = (event: ModelEvent) => openCases.find((c) => (c.event as unknown) === event)!;
export const signInOutcomeOf = (event: ModelEvent) => signInOutcomes.find((o) => o.event === event)!;

export function describeAmazonCallbackEvent(event: ModelEvent): string {
  return event.type === 'callback.open' ? `open: ${openCaseOf(event).label}` : signInOutcomeOf(event).label;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const amazonCallbackExplore: ExploreOptions = {
  input: { product: PRODUCT },
  events: amazonCallbackEvents,
  describeEvent: describeAmazonCallbackEvent,
};
