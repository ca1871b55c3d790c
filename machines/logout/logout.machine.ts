import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '#shared-domain/api-error.ts';
import { type Failure, failure } from '../shared/actor-result.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import { serverMessageOf } from '../shared/server-message.ts';

/**
 * Why the server refused: its own message (the product rule: "failure shows the server message"), or, where it has only
 * English words (a rate limit, a 5xx), what the page says in their place.
 */
export type LogoutFailure = { serverMessage: string } | RequestProblem | { code: 'UnexpectedError' };

export interface LogoutContext {
  failure: LogoutFailure | null;
}

export function logoutFailureFrom(error: unknown): LogoutFailure {
  const serverMessage = serverMessageOf(error);
  return requestProblemOf(error) ?? (serverMessage ? { serverMessage } : { code: 'UnexpectedError' });
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
    // product.md §8: a network failure still shows the success message, since the local session is gone either way.
    isServerRefusal: (_, { error }: Failure) => isApiError(error) && !error.isNetworkFailure,
  },
  actions: {
    assignFailure: assign({ failure: (_, { error }: Failure) => logoutFailureFrom(error) }),
  },
}).createMachine({
  id: 'logout',
  description: 'End the session on the server, then say so; the page renders nothing until the call returns.',
  context: { failure: null },
  initial: 'loggingOut',
  states: {
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut' },
        onError: [
          {
            guard: { type: 'isServerRefusal', params: failure },
            target: 'failed',
            actions: { type: 'assignFailure', params: failure },
          },
          { target: 'loggedOut' },
        ],
      },
    },
    loggedOut: { type: 'final' },
    failed: { type: 'final', tags: ['error'] },
  },
});
