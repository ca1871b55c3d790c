import { setup } from 'xstate';
import { alexaConsentUrl, denialRequestOf, denialUrl } from '../shared/authorization-urls.ts';

export interface AlexaTogetherInput {
  /** The page's query without '?': scope, client_id, tracking_id, response_type, redirect_uri, state, application_name. */
  search: string;
}

export type AlexaTogetherContext = AlexaTogetherInput;

export type AlexaTogetherEvent = { type: 'link.continue' } | { type: 'link.cancel' };

export const alexaTogetherMachine = setup({
  types: {
    input: {} as AlexaTogetherInput,
    context: {} as AlexaTogetherContext,
    events: {} as AlexaTogetherEvent,
  },
  actions: {
    /** Leaves the page with a browser navigation; provided by the page. */
    navigate: (_args, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'alexa-together',
  description: 'Link the Alexa Together subscription: Continue consents through the server, Cancel denies the request.',
  context: ({ input }) => ({ search: input.search }),
  initial: 'asking',
  states: {
    asking: {
      on: {
        'link.continue': { target: 'continuing' },
        'link.cancel': { target: 'cancelling' },
      },
    },
    continuing: {
      description: 'Navigates to /api/consent with the request; the buttons stay disabled while the page is left.',
      type: 'final',
      tags: ['busy'],
      entry: { type: 'navigate', params: ({ context }) => ({ url: alexaConsentUrl(new URLSearchParams(context.search)) }) },
    },
    cancelling: {
      description: 'Navigates to /api/logout with error=access_denied, client_id, redirect_uri and state.',
      type: 'final',
      tags: ['busy'],
      entry: {
        type: 'navigate',
        params: ({ context }) => ({ url: denialUrl(denialRequestOf(new URLSearchParams(context.search))) }),
      },
    },
  },
});
