import { assign, fromPromise, setup } from 'xstate';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { hasScope, parseScopes, type Scope } from '#shared-domain/scopes.ts';
import { alexaTogetherUrl, consentUrl, denialRequestOf, denialUrl } from '../shared/authorization-urls.ts';
import {
  type LoadRequestInput,
  loadedRequest,
  requestFailureGuards,
  scopeRefused,
  unknownRequest,
} from '../shared/consent-request.ts';
import { sessionEnded } from '../shared/session-ended.ts';

/** Consent failures; the view translates them through src/lib/oauth-errors.ts. */
export type ConsentErrorCode = 'InvalidScopeError' | 'AnErrorOccured';

export interface ConsentInput {
  /** The page's query without '?': the request's handle, and the spec's parameters that decide nothing. */
  search: string;
  /**
   * The server's description of the request, when it sent one with the page (the answer loadRequest would give):
   * the page then starts with it on screen, as the server rendered it, instead of asking again.
   */
  preloaded?: ConsentRequestDetails | null;
}

export interface ConsentContext extends Omit<ConsentInput, 'preloaded'> {
  /** The request as the server describes it; null until it has. */
  request: ConsentRequestDetails | null;
  /** The request's scopes, parsed for display. */
  scopes: Scope[];
  error: ConsentErrorCode | null;
}

export type ConsentEvent = { type: 'consent.accept' } | { type: 'consent.cancel' };

/**
 * The server has judged the scope against the user's and the client's rights; here it is only parsed for display, as
 * an owner's would be, so nothing the server allowed is dropped again.
 */
function scopesOf(request: ConsentRequestDetails): Scope[] {
  const parsed = parseScopes(request.scope, true);
  return parsed.ok ? parsed.scopes : [];
}

export const consentMachine = setup({
  types: {
    input: {} as ConsentInput,
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
  },
  actors: {
    loadRequest: fromPromise<ConsentRequestDetails, LoadRequestInput>(async () => {
      throw new Error('loadRequest must be provided');
    }),
  },
  actions: {
    /** Leaves the page: a browser navigation to a server URL, or a route of the SPA. Provided by the page. */
    navigate: (_args, _params: { url: string }) => {},
    assignRequest: assign((_, request: ConsentRequestDetails) => ({ request, scopes: scopesOf(request) })),
    assignScopeError: assign({ error: 'InvalidScopeError' as ConsentErrorCode }),
    assignLoadError: assign({ error: 'AnErrorOccured' as ConsentErrorCode }),
  },
  guards: {
    ...requestFailureGuards,
    // The internal scope (the product's own apps) consents without asking; the server's scope says so.
    isInternalScope: (_, request: ConsentRequestDetails) => hasScope(scopesOf(request), 'internal'),
    // Stryker disable next-line OptionalChaining: read only in asking, which is never reached without a request.
    hasAlexaScope: ({ context }) => context.request?.alexa === true,
    isSentWithPage: ({ context }) => context.request !== null,
    // Stryker disable next-line ConditionalExpression: without a request the scopes are [] (context), so the scope
    // test alone says the same; the null check states which request is meant.
    isSentInternal: ({ context }) => context.request !== null && hasScope(context.scopes, 'internal'),
  },
}).createMachine({
  id: 'consent',
  description:
    'Ask whether the registered application may have the requested scopes; Accept goes to the server (or first to Alexa Together), Cancel denies.',
  context: ({ input }) => ({
    search: input.search,
    request: input.preloaded ?? null,
    scopes: input.preloaded ? scopesOf(input.preloaded) : [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asks the server for the pending request the page’s handle names; the query itself shows nothing.',
      tags: ['busy'],
      // Sent with the page: decided at once, as the server did when it rendered the page.
      always: [
        { guard: 'isSentInternal', target: 'accepting' },
        { guard: 'isSentWithPage', target: 'asking' },
      ],
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ search: context.search }),
        onDone: [
          {
            guard: { type: 'isInternalScope', params: loadedRequest },
            target: 'accepting',
            actions: { type: 'assignRequest', params: loadedRequest },
          },
          { target: 'asking', actions: { type: 'assignRequest', params: loadedRequest } },
        ],
        onError: [
          { guard: sessionEnded, target: 'sessionEnded' },
          { guard: unknownRequest, target: 'unknownRequest' },
          { guard: scopeRefused, target: 'invalid', actions: 'assignScopeError' },
          { target: 'failed', actions: 'assignLoadError' },
        ],
      },
    },
    asking: {
      description: 'The registered name, its owner, where the answer goes, and the scopes grouped Manage / View.',
      on: {
        'consent.accept': [{ guard: 'hasAlexaScope', target: 'continuingToAlexa' }, { target: 'accepting' }],
        'consent.cancel': { target: 'cancelling' },
      },
    },
    invalid: {
      description: "InvalidScopeError: the scope is no longer within this user's rights. Only Cancel is possible.",
      tags: ['error'],
      on: { 'consent.cancel': { target: 'cancelling' } },
    },
    failed: {
      description: 'AnErrorOccured: the request could not be loaded. Only Cancel is possible.',
      tags: ['error'],
      on: { 'consent.cancel': { target: 'cancelling' } },
    },
    unknownRequest: {
      description:
        'The server sent no such request to this user (none, forged, expired, answered, another’s, or a query naming something else): nothing to accept.',
      type: 'final',
      tags: ['error'],
    },
    sessionEnded: {
      description: 'The session ended: the page goes to the login page, which brings the user back here.',
      type: 'final',
    },
    accepting: {
      description: 'Navigates to /api/consent with the handle; the buttons stay disabled while the page is left.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: consentUrl(context.search) }) },
    },
    continuingToAlexa: {
      description: 'An alexa scope: the Alexa Together page first, with the same handle.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: alexaTogetherUrl(context.search) }) },
    },
    cancelling: {
      description: 'Navigates to /api/logout with error=access_denied and the handle; the server tells the client.',
      type: 'final',
      tags: ['busy'],
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          url: denialUrl(denialRequestOf(new URLSearchParams(context.search), context.request?.applicationName)),
        }),
      },
    },
  },
});
