import { setup } from 'xstate';
import { endingSession, endSession } from '../shared/end-session.ts';

/**
 * hasSession is read when the reader presses Login, not when the page opened: the access-denied page always says
 * true (the server refused a session it holds), the error page says whether the public-claims cookie exists.
 */
export type LeaveSessionEvent = { type: 'session.leave'; hasSession: boolean };

export const leaveSessionMachine = setup({
  types: {
    events: {} as LeaveSessionEvent,
  },
  actors: { endSession },
  guards: {
    hasSession: ({ event }) => event.hasSession,
  },
}).createMachine({
  id: 'leave-session',
  description:
    'Login from a dead end (access denied, error page): end the session first when there is one, then go to login.',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.leave': [{ guard: 'hasSession', target: 'loggingOut' }, { target: 'done' }],
      },
    },
    loggingOut: endingSession('done'),
    done: {
      description: 'The page navigates to /pages/login.',
      type: 'final',
    },
  },
});
