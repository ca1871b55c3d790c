import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../shared-domain/api-error.ts';

export interface LogoutContext {
  /** The server's own message when it refused (spec §8: "failure shows the server message"). */
  serverMessage: string | null;
}

export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
  },
  actors: {
    logout: fromPromise<void>(async () => {
      throw new Error('logout must be provided');
    }),
  },
  guards: {
    // Spec §8: a network failure still shows the success message, since the local session is gone either way.
    isServerRefusal: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isApiError(error) && !error.isNetworkFailure;
    },
  },
  actions: {
    assignServerMessage: assign({
      serverMessage: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return isApiError(error) ? (error.body?.message ?? error.message) : null;
      },
    }),
  },
}).createMachine({
  id: 'logout',
  description: 'End the session on the server, then say so; the page renders nothing until the call returns.',
  context: { serverMessage: null },
  initial: 'loggingOut',
  states: {
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut' },
        onError: [{ guard: 'isServerRefusal', target: 'failed', actions: 'assignServerMessage' }, { target: 'loggedOut' }],
      },
    },
    loggedOut: { type: 'final' },
    failed: { type: 'final', tags: ['error'] },
  },
});
