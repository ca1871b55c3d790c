import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { answerOf } from '../shared/failures.oracle.ts';
import type { LogoutContext } from './logout.machine.ts';

/**
 * The logout page by the product's rules, written by hand (product.md §4 "Logout", §8 "Logout"): nothing until the
 * call returns; a refusal shows the server's message; no answer still says the person is logged out.
 */
export const logoutOracle = defineOracle<LogoutContext>()({
  machine: 'logout',
  events: ['xstate.done.actor.logout', 'xstate.error.actor.logout'],
  conditions: {
    'the server answered with a refusal': ({ event }) => {
      const status = answerOf(event)?.status;
      return status !== undefined && status !== 0;
    },
  },
  states: {
    loggingOut: {
      accepts: [
        { event: 'xstate.done.actor.logout', to: 'loggedOut' },
        { event: 'xstate.error.actor.logout', when: 'the server answered with a refusal', to: 'failed' },
        { event: 'xstate.error.actor.logout', when: 'otherwise', to: 'loggedOut' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    loggedOut: { accepts: [], ignores: EVERY_OTHER_EVENT },
    failed: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
