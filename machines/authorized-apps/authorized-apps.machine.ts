import { assign, fromPromise, setup } from 'xstate';
import { loadFailureFrom, removeFailureFrom, type AuthorizedAppsErrorCode } from './authorized-apps.errors.ts';

/** One application someone in the account consented to (GET /api/authorized_apps). */
export interface AuthorizedApp {
  clientId: string;
  applicationName: string;
  consentedBy: string[];
  /** Latest consent, epoch ms. */
  consentedAt: number;
  /** Space-separated resource:permission. */
  allowedScope: string;
}

export interface AuthorizedAppsContext {
  apps: AuthorizedApp[];
  /** The application being confirmed or removed. */
  removing: string | null;
  error: AuthorizedAppsErrorCode | null;
}

export type AuthorizedAppsEvent =
  | { type: 'apps.refresh' }
  | { type: 'app.remove'; clientId: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.close' };

const failure = (event: unknown) => (event as { error?: unknown }).error;

export const authorizedAppsMachine = setup({
  types: {
    context: {} as AuthorizedAppsContext,
    events: {} as AuthorizedAppsEvent,
  },
  actors: {
    loadApps: fromPromise<AuthorizedApp[]>(async () => {
      throw new Error('loadApps must be provided');
    }),
    revokeApp: fromPromise<void, { clientId: string }>(async () => {
      throw new Error('revokeApp must be provided');
    }),
  },
  guards: {
    hasApp: ({ context, event }) => event.type === 'app.remove' && context.apps.some((app) => app.clientId === event.clientId),
  },
  actions: {
    assignApps: assign({ apps: ({ event }) => (event as { output?: AuthorizedApp[] }).output ?? [] }),
    assignLoadError: assign({ error: ({ event }) => loadFailureFrom(failure(event)) }),
    assignRemoveError: assign({ error: ({ event }) => removeFailureFrom(failure(event)) }),
    assignRemoving: assign({ removing: ({ event }) => (event.type === 'app.remove' ? event.clientId : null) }),
    // Spec §4: the row goes only once the server has removed the consent.
    removeApp: assign({ apps: ({ context }) => context.apps.filter((app) => app.clientId !== context.removing) }),
    clearRemoving: assign({ removing: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'authorized-apps',
  description: 'List the applications the account has authorized; Refresh, and remove one after confirming (its tokens stop working).',
  context: { apps: [], removing: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadApps',
        src: 'loadApps',
        onDone: { target: 'ready', actions: 'assignApps' },
        onError: { target: 'loadFailed', actions: 'assignLoadError' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'apps.refresh': { target: 'loading' } },
    },
    ready: {
      description: 'The table (or the empty-state text); a failed removal shows its error above it.',
      on: {
        'apps.refresh': { target: 'loading' },
        'app.remove': { guard: 'hasApp', target: 'confirming', actions: ['clearError', 'assignRemoving'] },
      },
    },
    confirming: {
      description: 'Asks whether to remove the application; removal cannot be undone.',
      on: {
        'dialog.confirm': { target: 'removing' },
        'dialog.close': { target: 'ready', actions: 'clearRemoving' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'revokeApp',
        src: 'revokeApp',
        input: ({ context }) => ({ clientId: context.removing! }),
        onDone: { target: 'ready', actions: ['removeApp', 'clearRemoving'] },
        onError: { target: 'ready', actions: ['assignRemoveError', 'clearRemoving'] },
      },
    },
  },
});
