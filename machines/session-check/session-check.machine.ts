import { assign, fromPromise, setup } from 'xstate';
import { output } from '../shared/actor-result.ts';
import { isSessionEnded, sessionEnded } from '../shared/session-ended.ts';

/** The signed-in user as the server knows them (GET /api/session). */
export interface SessionUser {
  email: string;
  name: string;
  apiAccess: boolean;
  isGroupOwner: boolean;
}

export interface SessionCheckContext {
  /** Set once the server has confirmed the session; the shell reads its flags, not the claims cookie's. */
  user: SessionUser | null;
}

export type SessionCheckEvent = { type: 'session.retry' };

/**
 * The signed-in shell's gate. The claims cookie only says a session once existed: a session revoked elsewhere (a
 * password reset, Revoke in device sessions) leaves it behind in other browsers, so the server has the last word
 * before anything signed-in is shown.
 */
export const sessionCheckMachine = setup({
  types: {
    context: {} as SessionCheckContext,
    events: {} as SessionCheckEvent,
  },
  actors: {
    checkSession: fromPromise<SessionUser>(async () => {
      throw new Error('checkSession must be provided');
    }),
  },
  guards: {
    // 401 is the server saying "no such session"; anything else (no answer, a 5xx) says nothing about the session.
    isSessionEnded,
  },
  actions: {
    assignUser: assign({ user: (_, user: SessionUser) => user }),
  },
}).createMachine({
  id: 'session-check',
  description:
    'Before a signed-in page shows anything, ask the server whether its session is still alive: signed in, gone to login, or a failure to retry.',
  context: { user: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: { target: 'signedIn', actions: { type: 'assignUser', params: output } },
        onError: [{ guard: sessionEnded, target: 'sessionEnded' }, { target: 'failed' }],
      },
    },
    failed: {
      description: 'The server could not be asked (network, server error): not a reason to send the reader away.',
      tags: ['error'],
      on: { 'session.retry': { target: 'checking' } },
    },
    // Stryker disable next-line ObjectLiteral: the state holds only its description (prose for the diagram).
    signedIn: {
      description: 'The page shows its signed-in content; the confirmation is kept for the rest of the page load.',
    },
    sessionEnded: {
      description: 'The session was revoked or expired: the page goes to the login page, which brings the reader back.',
      type: 'final',
    },
  },
});
