import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '#shared-domain/api-error.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { errorPageUrl } from '../shared/authorization-urls.ts';

export interface AmazonCallbackInput {
  /** The product's slug in email_already_exists_as_{product}_account (product.md §8). */
  product: string;
}

/** What the login page kept under sessionStorage `lwa:<state>` when it sent the browser to Amazon. */
export interface StoredAmazonLogin {
  codeVerifier: string;
  returnTo: string | null;
}

export interface AmazonSignIn {
  code: string;
  codeVerifier: string;
  returnTo: string | null;
}

export interface AmazonCallbackContext extends AmazonCallbackInput {
  signIn: AmazonSignIn | null;
  /** Amazon's OAuth error code, passed on to the error page, which translates it (its description is free text). */
  amazonError: string | null;
  errorDescription: string | null;
  redirect: string | null;
}

/**
 * callback.open carries what the page read when it opened: the query Amazon sent back, and the stored entry of its
 * state (already removed from storage, so a callback is used once). An event rather than input, so that one model
 * explores every kind of callback.
 */
export type AmazonCallbackEvent = {
  type: 'callback.open';
  code: string | null;
  error: string | null;
  errorDescription: string | null;
  stored: StoredAmazonLogin | null;
};

export const BAD_REQUEST = 'bad_request';
/** The portal's description for too many sign-ins: the request was fine, so it is not called bad. */
export const RATE_LIMITED = 'rate_limited';
/** No answer, or the server failed: the request may be fine, so it is not called bad either (RFC 6749's code). */
export const UNAVAILABLE = 'temporarily_unavailable';

export const amazonCallbackMachine = setup({
  types: {
    input: {} as AmazonCallbackInput,
    context: {} as AmazonCallbackContext,
    events: {} as AmazonCallbackEvent,
  },
  actors: {
    signInWithAmazon: fromPromise<{ redirect: string }, AmazonSignIn>(async () => {
      throw new Error('signInWithAmazon must be provided');
    }),
  },
  actions: {
    /** Leaves the page (replacing it in history: the callback is spent); provided by the page. */
    navigate: (_args, _params: { url: string }) => {},
    // callback.open is the machine's one event: no other reaches these actions and guards.
    assignAmazonError: assign({
      amazonError: ({ event }) => event.error,
      errorDescription: ({ event }) => event.errorDescription,
    }),
    assignBadRequest: assign({ errorDescription: BAD_REQUEST }),
    assignRateLimited: assign({ errorDescription: RATE_LIMITED }),
    assignUnavailable: assign({ errorDescription: UNAVAILABLE }),
    assignEmailTaken: assign({
      errorDescription: ({ context }) => `email_already_exists_as_${context.product}_account`,
    }),
    // Taken only after isIncomplete: the code and the stored entry are both there.
    assignSignIn: assign({
      signIn: ({ event }) => ({
        code: event.code!,
        codeVerifier: event.stored!.codeVerifier,
        returnTo: event.stored!.returnTo,
      }),
    }),
    assignRedirect: assign({ redirect: (_, { redirect }: { redirect: string }) => redirect }),
  },
  guards: {
    hasAmazonError: ({ event }) => event.error !== null,
    // No stored state: the callback is not one this browser started (or it was already used); no code: nothing to trade.
    isIncomplete: ({ event }) => event.stored === null || !event.code,
    isEmailTaken: (_, { error }: Failure) => isApiError(error) && error.status === 409,
    isRateLimited: (_, { error }: Failure) => isApiError(error) && error.errorName === 'RateLimited',
    isUnavailable: (_, { error }: Failure) => !isApiError(error) || error.status === 0 || error.status >= 500,
  },
}).createMachine({
  id: 'amazon-callback',
  description:
    'Finish Login with Amazon at /pages/cb: trade the code (with the stored PKCE verifier) for a session and follow the redirect.',
  context: ({ input }) => ({
    product: input.product,
    signIn: null,
    amazonError: null,
    errorDescription: null,
    redirect: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'The page reads the query and takes the stored entry of its state, then sends callback.open.',
      tags: ['busy'],
      on: {
        'callback.open': [
          { guard: 'hasAmazonError', target: 'failed', actions: 'assignAmazonError' },
          { guard: 'isIncomplete', target: 'failed', actions: 'assignBadRequest' },
          { target: 'signingIn', actions: 'assignSignIn' },
        ],
      },
    },
    signingIn: {
      description: 'POST /api/loginwithamazon {code, code_verifier, link_current_account_to_amazon: false, return_to}.',
      tags: ['busy'],
      invoke: {
        id: 'signInWithAmazon',
        src: 'signInWithAmazon',
        input: ({ context }) => context.signIn!,
        onDone: { target: 'redirecting', actions: { type: 'assignRedirect', params: output } },
        onError: [
          { guard: { type: 'isEmailTaken', params: failure }, target: 'failed', actions: 'assignEmailTaken' },
          { guard: { type: 'isRateLimited', params: failure }, target: 'failed', actions: 'assignRateLimited' },
          { guard: { type: 'isUnavailable', params: failure }, target: 'failed', actions: 'assignUnavailable' },
          { target: 'failed', actions: 'assignBadRequest' },
        ],
      },
    },
    redirecting: {
      description: 'Signed in: follows the redirect the server checked.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: context.redirect! }) },
    },
    failed: {
      description:
        "The error page, with Amazon's error and error_description, bad_request, rate_limited, temporarily_unavailable, or email_already_exists_as_{product}_account.",
      type: 'final',
      entry: {
        type: 'navigate',
        // Every way here says why: Amazon's error (its description, if any), or the portal's own description.
        params: ({ context }) => ({ url: errorPageUrl(context.errorDescription, context.amazonError) }),
      },
    },
  },
});
