import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { sessionIsOver } from '../shared/failures.oracle.ts';
import type { SessionCheckContext } from './session-check.machine.ts';

/**
 * The signed-in shell's gate by the product's rules, written by hand (product.md §2.1 "Signed-in shell",
 * docs/decisions/0006): signed in, gone to login on a 401, or any other failure with Retry.
 */
export const sessionCheckOracle = defineOracle<SessionCheckContext>()({
  machine: 'session-check',
  events: ['session.retry', 'xstate.done.actor.checkSession', 'xstate.error.actor.checkSession'],
  conditions: {
    'the session has ended (401)': sessionIsOver,
  },
  states: {
    checking: {
      accepts: [
        { event: 'xstate.done.actor.checkSession', to: 'signedIn' },
        { event: 'xstate.error.actor.checkSession', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.checkSession', when: 'otherwise', to: 'failed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    failed: { accepts: [{ event: 'session.retry', to: 'checking' }], ignores: EVERY_OTHER_EVENT },
    // Confirmed for the rest of the page load: nothing asks again.
    signedIn: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
