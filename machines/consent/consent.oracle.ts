import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { answerOf, refusedAs, sessionIsOver } from '../shared/failures.oracle.ts';
import type { ConsentContext } from './consent.machine.ts';

/**
 * The consent page by the product's rules, written by hand (product.md §2.2 "Consent", §4 "Consent", §5 "Scopes"):
 * the request comes from the server; the internal scope is accepted without asking; Accept goes first to Alexa
 * Together when an alexa scope is asked; a request the server does not know leaves nothing to accept; a refused scope
 * or a failed load leaves only Cancel.
 */
const resourcesOf = (request: ConsentRequestDetails | null | undefined) =>
  (request?.scope ?? '').split(/\s+/).map((scope) => scope.split(':')[0]);

export const consentOracle = defineOracle<ConsentContext>()({
  machine: 'consent',
  events: ['consent.accept', 'consent.cancel', 'xstate.done.actor.loadRequest', 'xstate.error.actor.loadRequest'],
  conditions: {
    'the page came with a request for the internal scope': ({ context }) =>
      resourcesOf(context.request).includes('internal'),
    'the page came with a request': ({ context }) => context.request !== null,
    'the request is for the internal scope': ({ event }) =>
      resourcesOf(event.output as ConsentRequestDetails).includes('internal'),
    'the request asks for an alexa scope': ({ context }) => resourcesOf(context.request).includes('alexa'),
    'the session has ended (401)': sessionIsOver,
    // §4: none, forged, expired, answered or another's (404), or a query naming something else (400).
    'the server knows no such request (404 or 400)': ({ event }) => [404, 400].includes(answerOf(event)?.status ?? -1),
    'the scope is no longer within the user’s rights': refusedAs('ConsentScopeNotAllowed'),
  },
  states: {
    loading: {
      accepts: [
        { event: 'always', when: 'the page came with a request for the internal scope', to: 'accepting' },
        { event: 'always', when: 'the page came with a request', to: 'asking' },
        { event: 'xstate.done.actor.loadRequest', when: 'the request is for the internal scope', to: 'accepting' },
        { event: 'xstate.done.actor.loadRequest', when: 'otherwise', to: 'asking' },
        { event: 'xstate.error.actor.loadRequest', when: 'the session has ended (401)', to: 'sessionEnded' },
        {
          event: 'xstate.error.actor.loadRequest',
          when: 'the server knows no such request (404 or 400)',
          to: 'unknownRequest',
        },
        {
          event: 'xstate.error.actor.loadRequest',
          when: 'the scope is no longer within the user’s rights',
          to: 'invalid',
        },
        { event: 'xstate.error.actor.loadRequest', when: 'otherwise', to: 'failed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    asking: {
      accepts: [
        { event: 'consent.accept', when: 'the request asks for an alexa scope', to: 'continuingToAlexa' },
        { event: 'consent.accept', when: 'otherwise', to: 'accepting' },
        { event: 'consent.cancel', to: 'cancelling' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    invalid: { accepts: [{ event: 'consent.cancel', to: 'cancelling' }], ignores: EVERY_OTHER_EVENT },
    failed: { accepts: [{ event: 'consent.cancel', to: 'cancelling' }], ignores: EVERY_OTHER_EVENT },
    unknownRequest: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    accepting: { accepts: [], ignores: EVERY_OTHER_EVENT },
    continuingToAlexa: { accepts: [], ignores: EVERY_OTHER_EVENT },
    cancelling: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
