import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';

/**
 * Login from a dead end by the product's rules, written by hand (product.md §2.2 "Access denied", "Error"): Login
 * ends the session first when there is one, then goes to the login page, whatever the logout answered.
 */
export const leaveSessionOracle = defineOracle<unknown>()({
  machine: 'leave-session',
  events: ['session.leave', 'xstate.done.actor.endSession', 'xstate.error.actor.endSession'],
  conditions: {
    'there is a session': ({ event }) => event.hasSession === true,
  },
  states: {
    idle: {
      accepts: [
        { event: 'session.leave', when: 'there is a session', to: 'loggingOut' },
        { event: 'session.leave', when: 'otherwise', to: 'done' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    loggingOut: {
      accepts: [
        { event: 'xstate.done.actor.endSession', to: 'done' },
        { event: 'xstate.error.actor.endSession', to: 'done' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    done: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
