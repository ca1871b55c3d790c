import { assign, fromPromise, setup } from 'xstate';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { alexaConsentUrl, denialRequestOf, denialUrl } from '../shared/authorization-urls.ts';
import {
  type LoadRequestInput,
  loadedRequest,
  requestFailureGuards,
  scopeRefused,
  unknownRequest,
} from '../shared/consent-request.ts';
import { sessionEnded } from '../shared/session-ended.ts';

/** Consent failures; the view translates them through src/lib/oauth-errors.ts. */
export type AlexaTogetherErrorCode = 'InvalidScopeError' | 'AnErrorOccured';

export interface AlexaTogetherInput {
  /** The page's query without '?': the request's handle, and the spec's parameters that decide nothing. */
  search: string;
  /**
   * The server's description of the request, when it sent one with the page (the answer loadRequest would give):
   * the page then starts with it on screen, as the server rendered it, instead of asking again.
   */
  preloaded?: ConsentRequestDetails | null;
}

export interface AlexaTogetherContext extends Omit<AlexaTogetherInput, 'preloaded'> {
  /** The request as the server describes it; null until it has. */
  request: ConsentRequestDetails | null;
  error: AlexaTogetherErrorCode | null;
}

export type AlexaTogetherEvent = { type: 'link.continue' } | { type: 'link.cancel' };

export const alexaTogetherMachine = setup({
  types: {
    input: {} as AlexaTogetherInput,
    context: {} as AlexaTogetherContext,
    events: {} as AlexaTogetherEvent,
  },
  actors: {
    loadRequest: fromPromise<ConsentRequestDetails, LoadRequestInput>(async () => {
      throw new Error('loadRequest must be provided');
    }),
  },
  actions: {
    /** Leaves the page with a browser navigation; provided by the page. */
    navigate: (_args, _params: { url: string }) => {},
    assignRequest: assign({ request: (_, request: ConsentRequestDetails) => request }),
    // A request without an alexa scope is not this page's to show, whoever sent it.
    forgetRequest: assign({ request: null }),
    assignScopeError: assign({ error: 'InvalidScopeError' as AlexaTogetherErrorCode }),
    assignLoadError: assign({ error: 'AnErrorOccured' as AlexaTogetherErrorCode }),
  },
  guards: {
    ...requestFailureGuards,
    // Continue grants the whole request: this page may only ask for one that links Alexa Together.
    isAlexaRequest: (_, request: ConsentRequestDetails) => request.alexa,
    isSentAlexaRequest: ({ context }) => context.request?.alexa === true,
    isSentOtherRequest: ({ context }) => context.request !== null && !context.request.alexa,
  },
}).createMachine({
  id: 'alexa-together',
  description: 'Link the Alexa Together subscription: Continue consents through the server, Cancel denies the request.',
  context: ({ input }) => ({ search: input.search, request: input.preloaded ?? null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asks the server for the pending request the page’s handle names; the query itself shows nothing.',
      tags: ['busy'],
      // Sent with the page: decided at once, as the server did when it rendered the page.
      always: [
        { guard: 'isSentAlexaRequest', target: 'asking' },
        { guard: 'isSentOtherRequest', target: 'unknownRequest', actions: 'forgetRequest' },
      ],
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ search: context.search }),
        onDone: [
          {
            guard: { type: 'isAlexaRequest', params: loadedRequest },
            target: 'asking',
            actions: { type: 'assignRequest', params: loadedRequest },
          },
          { target: 'unknownRequest' },
        ],
        onError: [
          { guard: sessionEnded, target: 'sessionEnded' },
          { guard: unknownRequest, target: 'unknownRequest' },
          { guard: scopeRefused, target: 'failed', actions: 'assignScopeError' },
          { target: 'failed', actions: 'assignLoadError' },
        ],
      },
    },
    asking: {
      description: 'The registered name, its owner and where the answer goes, with Cancel and Continue.',
      on: {
        'link.continue': { target: 'continuing' },
        'link.cancel': { target: 'cancelling' },
      },
    },
    failed: {
      description:
        'The request cannot be accepted (InvalidScopeError) or could not be loaded (AnErrorOccured). Only Cancel.',
      tags: ['error'],
      on: { 'link.cancel': { target: 'cancelling' } },
    },
    unknownRequest: {
      description:
        'The server sent no such request to this user, or one without an alexa scope: nothing to continue with.',
      type: 'final',
      tags: ['error'],
    },
    sessionEnded: {
      description: 'The session ended: the page goes to the login page, which brings the user back here.',
      type: 'final',
    },
    continuing: {
      description: 'Navigates to /api/consent with the handle; the buttons stay disabled while the page is left.',
      type: 'final',
      tags: ['busy'],
      entry: {
        type: 'navigate',
        params: ({ context }) => ({ url: alexaConsentUrl(new URLSearchParams(context.search)) }),
      },
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
