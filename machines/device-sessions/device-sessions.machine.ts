import { assign, fromPromise, setup } from 'xstate';
import type { DeviceSession, DeviceSessionsData } from '../../shared-domain/device-sessions.ts';
import { isSessionEnded, isSessionGone, type DeviceSessionsErrorCode } from './device-sessions.errors.ts';

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
  | { type: 'dialog.confirm' }
  | { type: 'dialog.close' };

const failure = (event: unknown) => (event as { error?: unknown }).error;
const isRevocable = (session: DeviceSession) => !session.current;

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
    isRevocable: ({ context, event }) =>
      event.type === 'session.revoke' && context.sessions.some((s) => s.id === event.id && isRevocable(s)),
    hasRevocable: ({ context }) => context.sessions.some(isRevocable),
    isSessionEnded: ({ event }) => isSessionEnded(failure(event)),
    isSessionGone: ({ event }) => isSessionGone(failure(event)),
  },
  actions: {
    assignData: assign(({ event }) => {
      const output = (event as { output?: DeviceSessionsData }).output;
      return { sessions: output?.sessions ?? [], users: output?.users ?? [] };
    }),
    assignLoadError: assign({ error: 'AnErrorOccured' }),
    assignRevokeError: assign({ error: 'RevokeSessionFailed' }),
    assignRevokeAllError: assign({ error: 'RevokeAllSessionsFailed' }),
    clearError: assign({ error: null }),
    assignSelected: assign({ selectedId: ({ event }) => (event.type === 'session.revoke' ? event.id : null) }),
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
        onDone: { target: 'list', actions: 'assignData' },
        onError: [{ guard: 'isSessionEnded', target: 'sessionEnded' }, { target: 'loadFailed', actions: 'assignLoadError' }],
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'sessions.refresh': { target: 'loading' } },
    },
    sessionEnded: {
      description: 'This session was revoked or expired: the page goes to the login page, which brings the reader back.',
      type: 'final',
    },
    list: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The table, sorted by the view; owners first.',
          on: {
            'sessions.refresh': { target: '#device-sessions.loading' },
            'session.revoke': { guard: 'isRevocable', target: 'confirmRevoke', actions: ['clearError', 'assignSelected'] },
            'sessions.revokeAll': { guard: 'hasRevocable', target: 'confirmRevokeAll', actions: 'clearError' },
          },
        },
        confirmRevoke: {
          description: 'The device is signed out at its next request; a failed attempt shows its error here.',
          on: {
            'dialog.confirm': { target: 'revoking', actions: 'clearError' },
            'dialog.close': { target: 'idle', actions: ['clearSelected', 'clearError'] },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => ({ id: context.selectedId! }),
            onDone: { target: 'idle', actions: ['removeSelected', 'clearSelected'] },
            onError: [
              { guard: 'isSessionEnded', target: '#device-sessions.sessionEnded' },
              { guard: 'isSessionGone', target: 'idle', actions: ['removeSelected', 'clearSelected'] },
              { target: 'confirmRevoke', actions: 'assignRevokeError' },
            ],
          },
        },
        confirmRevokeAll: {
          description: 'Every other session listed is signed out; this device stays signed in.',
          on: {
            'dialog.confirm': { target: 'revokingAll', actions: 'clearError' },
            'dialog.close': { target: 'idle', actions: 'clearError' },
          },
        },
        revokingAll: {
          tags: ['busy'],
          invoke: {
            id: 'revokeAllSessions',
            src: 'revokeAllSessions',
            onDone: { target: 'idle', actions: 'removeOthers' },
            onError: [
              { guard: 'isSessionEnded', target: '#device-sessions.sessionEnded' },
              { target: 'confirmRevokeAll', actions: 'assignRevokeAllError' },
            ],
          },
        },
      },
    },
  },
});
