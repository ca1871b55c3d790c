import { assign, fromPromise, setup } from 'xstate';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { type ConfirmEvent, confirmThenAct } from '../shared/confirm-then-act.ts';
import { isSessionEnded, sessionEnded } from '../shared/session-ended.ts';
import { type AuthorizedAppsErrorCode, removeFailureFrom } from './authorized-apps.errors.ts';

/** One application someone in the account consented to (GET /api/authorized_apps). */
export interface AuthorizedApp {
  clientId: string;
  applicationName: string;
  consentedBy: string[];
  /** Latest consent, epoch ms. */
  consentedAt: number;
  /** Space-separated resource:permission. */
  allowedScope: string;
  /** The server's word on whether this user may remove it: the owner any, a secondary user only what they allowed. */
  removable: boolean;
  /** What removing it takes away: the application for everyone in the account, or this user's own consent. */
  removes: 'account' | 'own';
}

export interface AuthorizedAppsContext {
  apps: AuthorizedApp[];
  /** The application being confirmed or removed. */
  removing: string | null;
  error: AuthorizedAppsErrorCode | null;
}

export type AuthorizedAppsEvent = { type: 'apps.refresh' } | { type: 'app.remove'; clientId: string } | ConfirmEvent;

const appOf = ({ event }: { event: { clientId: string } }) => ({ clientId: event.clientId });

export const authorizedAppsMachine = setup({
  types: {
    context: {} as AuthorizedAppsContext,
    events: {} as AuthorizedAppsEvent,
  },
  actors: {
    loadApps: fromPromise<AuthorizedApp[]>(async () => {
      throw new Error('loadApps must be provided');
    }),
    /** Answers the application as the user now sees it: null once gone, else what others in the account still allow. */
    revokeApp: fromPromise<AuthorizedApp | null, { clientId: string }>(async () => {
      throw new Error('revokeApp must be provided');
    }),
  },
  guards: {
    isRemovable: ({ context }, { clientId }: { clientId: string }) =>
      context.apps.some((app) => app.clientId === clientId && app.removable),
    isSessionEnded,
  },
  actions: {
    assignApps: assign({ apps: (_, apps: AuthorizedApp[]) => apps }),
    assignLoadError: assign({ error: 'AnErrorOccured' }),
    assignRemoveError: assign({ error: (_, { error }: Failure) => removeFailureFrom(error) }),
    assignRemoving: assign({ removing: (_, { clientId }: { clientId: string }) => clientId }),
    // A row changes only once the server has removed the consent. A secondary user's removal leaves the row of an
    // application others still allow, as the server now describes it (without that user, no longer removable).
    applyRemoval: assign({
      apps: ({ context }, remaining: AuthorizedApp | null) =>
        remaining
          ? context.apps.map((app) => (app.clientId === context.removing ? remaining : app))
          : context.apps.filter((app) => app.clientId !== context.removing),
    }),
    clearRemoving: assign({ removing: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'authorized-apps',
  description:
    'List the applications the account has authorized; Refresh, and remove one after confirming: the owner for the whole account, a secondary user only their own consent.',
  context: { apps: [], removing: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadApps',
        src: 'loadApps',
        onDone: { target: 'ready', actions: { type: 'assignApps', params: output } },
        onError: [
          { guard: sessionEnded, target: 'sessionEnded' },
          { target: 'loadFailed', actions: 'assignLoadError' },
        ],
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'apps.refresh': { target: 'loading' } },
    },
    sessionEnded: {
      description:
        'This session was revoked or expired: the page goes to the login page, which brings the reader back.',
      type: 'final',
    },
    ready: {
      description:
        'The table (or the empty-state text); a failed removal shows its error above it. Only removable rows can be removed.',
      on: {
        'apps.refresh': { target: 'loading' },
        'app.remove': {
          guard: { type: 'isRemovable', params: appOf },
          target: 'confirming',
          actions: ['clearError', { type: 'assignRemoving', params: appOf }],
        },
      },
    },
    ...confirmThenAct({
      asking: 'confirming',
      description: 'Asks whether to remove the application, saying for whom; removal cannot be undone.',
      working: 'removing',
      src: 'revokeApp',
      input: ({ context }: { context: AuthorizedAppsContext }) => ({ clientId: context.removing! }),
      cancel: { target: 'ready', actions: 'clearRemoving' },
      done: { target: 'ready', actions: [{ type: 'applyRemoval', params: output }, 'clearRemoving'] },
      // The table says why, above the rows: the dialog has closed.
      failed: { target: 'ready', actions: [{ type: 'assignRemoveError', params: failure }, 'clearRemoving'] },
      sessionEnded: 'sessionEnded',
    }),
  },
});
