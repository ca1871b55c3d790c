import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { refusedAs, sessionIsOver } from '../shared/failures.oracle.ts';
import type { DeviceSessionsContext } from './device-sessions.machine.ts';

/**
 * The device sessions page by the product's rules, written by hand (product.md §2.3 "Device sessions", §4 "Removals",
 * docs/api/device-sessions.md): this device points to Logout and is never revoked here; Revoke All signs out the
 * other listed sessions, so it needs one; both are confirmed; a session already over (404) goes from the list like a
 * revoked one; a 401 logs in again.
 */
const isOtherDevice = (session: { current: boolean }) => !session.current;

export const deviceSessionsOracle = defineOracle<DeviceSessionsContext>()({
  machine: 'device-sessions',
  events: [
    'sessions.refresh',
    'session.revoke',
    'sessions.revokeAll',
    'dialog.confirm',
    'dialog.close',
    'xstate.done.actor.loadSessions',
    'xstate.error.actor.loadSessions',
    'xstate.done.actor.revokeSession',
    'xstate.error.actor.revokeSession',
    'xstate.done.actor.revokeAllSessions',
    'xstate.error.actor.revokeAllSessions',
  ],
  conditions: {
    'the session has ended (401)': sessionIsOver,
    'that session is listed and is not this device’s': ({ context, event }) =>
      context.sessions.some((s) => s.id === event.id && isOtherDevice(s)),
    'another device’s session is listed': ({ context }) => context.sessions.some(isOtherDevice),
    'that session was already over (404)': refusedAs('SessionNotFound'),
  },
  states: {
    loading: {
      accepts: [
        { event: 'xstate.done.actor.loadSessions', to: 'list' },
        { event: 'xstate.error.actor.loadSessions', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.loadSessions', when: 'otherwise', to: 'loadFailed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    loadFailed: { accepts: [{ event: 'sessions.refresh', to: 'loading' }], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    list: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'list.idle': {
      accepts: [
        { event: 'sessions.refresh', to: 'loading' },
        { event: 'session.revoke', when: 'that session is listed and is not this device’s', to: 'list.confirmRevoke' },
        { event: 'sessions.revokeAll', when: 'another device’s session is listed', to: 'list.confirmRevokeAll' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.confirmRevoke': {
      accepts: [
        { event: 'dialog.confirm', to: 'list.revoking' },
        { event: 'dialog.close', to: 'list.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.revoking': {
      accepts: [
        { event: 'xstate.done.actor.revokeSession', to: 'list.idle' },
        { event: 'xstate.error.actor.revokeSession', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.revokeSession', when: 'that session was already over (404)', to: 'list.idle' },
        // The dialog says why and offers to try again.
        { event: 'xstate.error.actor.revokeSession', when: 'otherwise', to: 'list.confirmRevoke' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.confirmRevokeAll': {
      accepts: [
        { event: 'dialog.confirm', to: 'list.revokingAll' },
        { event: 'dialog.close', to: 'list.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.revokingAll': {
      accepts: [
        { event: 'xstate.done.actor.revokeAllSessions', to: 'list.idle' },
        { event: 'xstate.error.actor.revokeAllSessions', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.revokeAllSessions', when: 'otherwise', to: 'list.confirmRevokeAll' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
  },
});
