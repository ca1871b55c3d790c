import { assign, fromPromise, setup } from 'xstate';
import type { DeviceSession, DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { type ConfirmEvent, confirmThenAct } from '../shared/confirm-then-act.ts';
import { isSessionEnded, sessionEnded } from '../shared/session-ended.ts';
import { type DeviceSessionsErrorCode, isSessionGone } from './device-sessions.errors.ts';

export interface DeviceSessionsContext extends DeviceSessionsData {
  /** The session being confirmed or revoked. */
  selectedId: string | null;
  /** Why the list could not load (loadFailed), or why the last revocation failed (shown in its dialog). */
  error: DeviceSessionsErrorCode | null;
}

export type DeviceSessionsEvent =
  | { type: 'sessions.refresh' }
  | { type: 'session.revoke'; id: string }
  | { type: 'sessions.revokeAll' }
  | ConfirmEvent;
const isRevocable = (session: DeviceSession) => !session.current;
const sessionOf = ({ event }: { event: { id: string } }) => ({ id: event.id });

export const deviceSessionsMachine = setup({
  types: {
    context: {} as DeviceSessionsContext,
    events: {} as DeviceSessionsEvent,
  },
  actors: {
    loadSessions: fromPromise<DeviceSessionsData>(async () => {
      throw new Error('loadSessions must be provided');
    }),
    revokeSession: fromPromise<void, { id: string }>(async () => {
      throw new Error('revokeSession must be provided');
    }),
    revokeAllSessions: fromPromise<void>(async () => {
      throw new Error('revokeAllSessions must be provided');
    }),
  },
  guards: {
    // The current session is ended with Logout: revoking it here would pull the page out from under the reader.
    isRevocable: ({ context }, { id }: { id: string }) => context.sessions.some((s) => s.id === id && isRevocable(s)),
    hasRevocable: ({ context }) => context.sessions.some(isRevocable),
    isSessionEnded,
    isSessionGone: (_, { error }: Failure) => isSessionGone(error),
  },
  actions: {
    assignData: assign((_, { sessions, users }: DeviceSessionsData) => ({ sessions, users })),
    assignLoadError: assign({ error: 'AnErrorOccured' }),
    assignRevokeError: assign({ error: 'RevokeSessionFailed' }),
    assignRevokeAllError: assign({ error: 'RevokeAllSessionsFailed' }),
    clearError: assign({ error: null }),
    assignSelected: assign({ selectedId: (_, { id }: { id: string }) => id }),
    clearSelected: assign({ selectedId: null }),
    // product.md §4: a row goes only once the server has revoked its session (or said it was already over).
    removeSelected: assign({ sessions: ({ context }) => context.sessions.filter((s) => s.id !== context.selectedId) }),
    // The server revoked every session the reader may see except the current one: exactly the rows that go.
    removeOthers: assign({ sessions: ({ context }) => context.sessions.filter((s) => !isRevocable(s)) }),
  },
}).createMachine({
  id: 'device-sessions',
  description:
    'Live logins the reader may see (the owner: the whole account); Refresh, revoke one after confirming, or Revoke All but this device.',
  context: { sessions: [], users: [], selectedId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'list', actions: { type: 'assignData', params: output } },
        onError: [
          { guard: sessionEnded, target: 'sessionEnded' },
          { target: 'loadFailed', actions: 'assignLoadError' },
        ],
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'sessions.refresh': { target: 'loading' } },
    },
    sessionEnded: {
      description:
        'This session was revoked or expired: the page goes to the login page, which brings the reader back.',
      type: 'final',
    },
    list: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The table, sorted by the view; owners first.',
          on: {
            'sessions.refresh': { target: '#device-sessions.loading' },
            'session.revoke': {
              guard: { type: 'isRevocable', params: sessionOf },
              target: 'confirmRevoke',
              actions: ['clearError', { type: 'assignSelected', params: sessionOf }],
            },
            'sessions.revokeAll': { guard: 'hasRevocable', target: 'confirmRevokeAll', actions: 'clearError' },
          },
        },
        ...confirmThenAct({
          asking: 'confirmRevoke',
          description: 'The device is signed out at its next request; a failed attempt shows its error here.',
          working: 'revoking',
          src: 'revokeSession',
          input: ({ context }: { context: DeviceSessionsContext }) => ({ id: context.selectedId! }),
          confirm: 'clearError',
          cancel: { target: 'idle', actions: ['clearSelected', 'clearError'] },
          done: { target: 'idle', actions: ['removeSelected', 'clearSelected'] },
          refusals: [
            {
              guard: { type: 'isSessionGone', params: failure },
              target: 'idle',
              actions: ['removeSelected', 'clearSelected'],
            },
          ],
          failed: { target: 'confirmRevoke', actions: 'assignRevokeError' },
          sessionEnded: '#device-sessions.sessionEnded',
        }),
        ...confirmThenAct({
          asking: 'confirmRevokeAll',
          description: 'Every other session listed is signed out; this device stays signed in.',
          working: 'revokingAll',
          src: 'revokeAllSessions',
          confirm: 'clearError',
          cancel: { target: 'idle', actions: 'clearError' },
          done: { target: 'idle', actions: 'removeOthers' },
          failed: { target: 'confirmRevokeAll', actions: 'assignRevokeAllError' },
          sessionEnded: '#device-sessions.sessionEnded',
        }),
      },
    },
  },
});
