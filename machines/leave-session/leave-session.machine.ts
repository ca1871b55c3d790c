import { fromPromise, setup } from 'xstate';

/**
 * hasSession is read when the reader presses Login, not when the page opened: the access-denied page always says
 * true (the server refused a session it holds), the error page says whether the public-claims cookie exists.
 */
export type LeaveSessionEvent = { type: 'session.leave'; hasSession: boolean };

export const leaveSessionMachine = setup({
  types: {
    events: {} as LeaveSessionEvent,
  },
  actors: {
    endSession: fromPromise<void>(async () => {
      throw new Error('endSession must be provided');
    }),
  },
  guards: {
    hasSession: ({ event }) => event.type === 'session.leave' && event.hasSession,
  },
}).createMachine({
  id: 'leave-session',
  description: 'Login from a dead end (access denied, error page): end the session first when there is one, then go to login.',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.leave': [{ guard: 'hasSession', target: 'loggingOut' }, { target: 'done' }],
      },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'done' },
        // A failed logout still goes to login. The server owns both cookies: if the session survived, the login page
        // resumes it like any other; if it is dead, the server's 401 there clears the stale cookies. Deleting the
        // public-claims cookie here would only hide a live session from the SPA.
        onError: { target: 'done' },
      },
    },
    done: {
      description: 'The page navigates to /pages/login.',
      type: 'final',
    },
  },
});
