import { fromPromise } from 'xstate';

/**
 * Ending the session on the way to the login page, which the dead-end pages (leave-session) and the credentials
 * page's Authentication Error popup both do: the same actor (`endSession`, provided by `src/lib/end-session.ts`) in
 * the same busy state. A machine lists `endSession` among its actors and spreads `endingSession(done)` into the state.
 */
export const endSession = fromPromise<void>(async () => {
  throw new Error('endSession must be provided');
});

export function endingSession<const Done extends string>(done: Done) {
  return {
    tags: ['busy'],
    invoke: {
      id: 'endSession',
      src: 'endSession',
      onDone: { target: done },
      // A failed logout still goes to login. The server owns both cookies: if the session survived, the login page
      // resumes it like any other; if it is dead, the server's 401 there clears the stale cookies. Deleting the
      // public-claims cookie here would only hide a live session from the SPA.
      onError: { target: done },
    },
  } as const;
}
