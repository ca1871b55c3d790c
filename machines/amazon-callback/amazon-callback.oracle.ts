import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { answerOf } from '../shared/failures.oracle.ts';
import type { AmazonCallbackContext } from './amazon-callback.machine.ts';

/**
 * The Login with Amazon callback by the product's rules, written by hand (product.md §4 "Login with Amazon callback",
 * §8 "Login with Amazon"): Amazon's error goes to the error page; without the stored entry of its state or a code
 * there is nothing to trade; otherwise the code is posted and its redirect followed, and every refusal goes to the
 * error page with its own description.
 */
export const amazonCallbackOracle = defineOracle<AmazonCallbackContext>()({
  machine: 'amazon-callback',
  events: ['callback.open', 'xstate.done.actor.signInWithAmazon', 'xstate.error.actor.signInWithAmazon'],
  conditions: {
    'Amazon sent an error': ({ event }) => event.error !== null && event.error !== undefined,
    'the stored entry of the state or the code is missing': ({ event }) => !event.stored || !event.code,
    'the email already has an account (409)': ({ event }) => answerOf(event)?.status === 409,
    'too many sign-ins (429)': ({ event }) => answerOf(event)?.status === 429,
    'no answer, or the server failed': ({ event }) => {
      const status = answerOf(event)?.status;
      return status === undefined || status === 0 || status >= 500;
    },
  },
  states: {
    opening: {
      accepts: [
        { event: 'callback.open', when: 'Amazon sent an error', to: 'failed' },
        { event: 'callback.open', when: 'the stored entry of the state or the code is missing', to: 'failed' },
        { event: 'callback.open', when: 'otherwise', to: 'signingIn' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    signingIn: {
      accepts: [
        { event: 'xstate.done.actor.signInWithAmazon', to: 'redirecting' },
        { event: 'xstate.error.actor.signInWithAmazon', when: 'the email already has an account (409)', to: 'failed' },
        { event: 'xstate.error.actor.signInWithAmazon', when: 'too many sign-ins (429)', to: 'failed' },
        { event: 'xstate.error.actor.signInWithAmazon', when: 'no answer, or the server failed', to: 'failed' },
        { event: 'xstate.error.actor.signInWithAmazon', when: 'otherwise', to: 'failed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    redirecting: { accepts: [], ignores: EVERY_OTHER_EVENT },
    failed: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
