import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { answerOf, refusedAs, sessionIsOver } from '../shared/failures.oracle.ts';
import type { AlexaTogetherContext } from './alexa-together.machine.ts';

/**
 * The Alexa Together page by the product's rules, written by hand (product.md §2.2 "Alexa Together", §4 "Consent",
 * §5 "Scopes"): the request comes from the server, never from the query; only a request that asks for an alexa scope
 * may be continued here; one the server does not know leaves nothing to accept; Cancel denies.
 */
const asksAlexa = (request: ConsentRequestDetails | null | undefined) =>
  Boolean(request?.scope.split(/\s+/).some((scope) => scope.startsWith('alexa:')));

export const alexaTogetherOracle = defineOracle<AlexaTogetherContext>()({
  machine: 'alexa-together',
  events: ['link.continue', 'link.cancel', 'xstate.done.actor.loadRequest', 'xstate.error.actor.loadRequest'],
  conditions: {
    'the page came with a request that asks for an alexa scope': ({ context }) => asksAlexa(context.request),
    'the page came with a request without one': ({ context }) =>
      context.request !== null && !asksAlexa(context.request),
    'the request asks for an alexa scope': ({ event }) => asksAlexa(event.output as ConsentRequestDetails),
    'the session has ended (401)': sessionIsOver,
    // §4: none, forged, expired, answered or another's (404), or a query naming something else (400).
    'the server knows no such request (404 or 400)': ({ event }) => [404, 400].includes(answerOf(event)?.status ?? -1),
    'the scope is no longer within the user’s rights': refusedAs('ConsentScopeNotAllowed'),
  },
  states: {
    loading: {
      accepts: [
        { event: 'always', when: 'the page came with a request that asks for an alexa scope', to: 'asking' },
        { event: 'always', when: 'the page came with a request without one', to: 'unknownRequest' },
        { event: 'xstate.done.actor.loadRequest', when: 'the request asks for an alexa scope', to: 'asking' },
        { event: 'xstate.done.actor.loadRequest', when: 'otherwise', to: 'unknownRequest' },
        { event: 'xstate.error.actor.loadRequest', when: 'the session has ended (401)', to: 'sessionEnded' },
        {
          event: 'xstate.error.actor.loadRequest',
          when: 'the server knows no such request (404 or 400)',
          to: 'unknownRequest',
        },
        {
          event: 'xstate.error.actor.loadRequest',
          when: 'the scope is no longer within the user’s rights',
          to: 'failed',
        },
        { event: 'xstate.error.actor.loadRequest', when: 'otherwise', to: 'failed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    asking: {
      accepts: [
        { event: 'link.continue', to: 'continuing' },
        { event: 'link.cancel', to: 'cancelling' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    // Nothing to continue with: only Cancel.
    failed: { accepts: [{ event: 'link.cancel', to: 'cancelling' }], ignores: EVERY_OTHER_EVENT },
    unknownRequest: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    continuing: { accepts: [], ignores: EVERY_OTHER_EVENT },
    cancelling: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
