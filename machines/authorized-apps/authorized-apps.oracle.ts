import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { sessionIsOver } from '../shared/failures.oracle.ts';
import type { AuthorizedAppsContext } from './authorized-apps.machine.ts';

/**
 * The authorized applications page by the product's rules, written by hand (product.md §2.3 "Authorized
 * applications", §4 "Removals", §6 "Authorized applications"): Refresh; Remove only where the server says the reader
 * may, confirmed first; the row changes only once the server has answered; a 401 goes to log in again.
 */
export const authorizedAppsOracle = defineOracle<AuthorizedAppsContext>()({
  machine: 'authorized-apps',
  events: [
    'apps.refresh',
    'app.remove',
    'dialog.confirm',
    'dialog.close',
    'xstate.done.actor.loadApps',
    'xstate.error.actor.loadApps',
    'xstate.done.actor.revokeApp',
    'xstate.error.actor.revokeApp',
  ],
  conditions: {
    'the session has ended (401)': sessionIsOver,
    'the reader may remove that application': ({ context, event }) =>
      context.apps.some((app) => app.clientId === event.clientId && app.removable),
  },
  states: {
    loading: {
      accepts: [
        { event: 'xstate.done.actor.loadApps', to: 'ready' },
        { event: 'xstate.error.actor.loadApps', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.loadApps', when: 'otherwise', to: 'loadFailed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    loadFailed: { accepts: [{ event: 'apps.refresh', to: 'loading' }], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    ready: {
      accepts: [
        { event: 'apps.refresh', to: 'loading' },
        { event: 'app.remove', when: 'the reader may remove that application', to: 'confirming' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    confirming: {
      accepts: [
        { event: 'dialog.confirm', to: 'removing' },
        { event: 'dialog.close', to: 'ready' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    removing: {
      accepts: [
        { event: 'xstate.done.actor.revokeApp', to: 'ready' },
        { event: 'xstate.error.actor.revokeApp', when: 'the session has ended (401)', to: 'sessionEnded' },
        // The table says why, above the rows.
        { event: 'xstate.error.actor.revokeApp', when: 'otherwise', to: 'ready' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
  },
});
