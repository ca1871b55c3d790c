import { assign, fromPromise, setup } from 'xstate';
import {
  countByGrantType,
  type Credential,
  type CredentialLimits,
  type CredentialsOverview,
  type GrantSecret,
  type OAuthEndpoints,
} from '../../shared-domain/credentials.ts';
import { createGrantMachine, type CreateGrantInput, type CreateGrantOutput } from '../create-grant/create-grant.machine.ts';
import { isSessionEnded } from '../shared/session-ended.ts';
import { showOnceStates, type ShowOnceEvent } from '../shared/show-once.ts';
import {
  actionFailureFrom,
  loadFailureFrom,
  type CredentialsActionError,
  type CredentialsLoadError,
} from './credentials.errors.ts';

export interface CredentialsContext {
  clients: Credential[];
  /** The server's limits and endpoints, from the same answer as the list; null until it came. */
  limits: CredentialLimits | null;
  endpoints: OAuthEndpoints | null;
  loadError: CredentialsLoadError | null;
  /** The row a dialog is about (change secret, delete, OAuth information). */
  selectedId: string | null;
  /** A new secret, held only while its dialog is open: it is never available again. */
  secret: GrantSecret | null;
  actionError: CredentialsActionError | null;
}

export type CredentialsEvent =
  | { type: 'list.refresh' }
  | { type: 'grant.create' }
  | { type: 'secret.change'; id: string }
  | { type: 'grant.delete'; id: string }
  | { type: 'info.show'; id: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.close' }
  | { type: 'session.leave' }
  | ShowOnceEvent;

const rowEvent = (event: CredentialsEvent) =>
  event.type === 'secret.change' || event.type === 'grant.delete' || event.type === 'info.show' ? event.id : null;

export const credentialsMachine = setup({
  types: {
    context: {} as CredentialsContext,
    events: {} as CredentialsEvent,
    children: {} as { createGrant: 'createGrant' },
  },
  actors: {
    loadCredentials: fromPromise<CredentialsOverview>(async () => {
      throw new Error('loadCredentials must be provided');
    }),
    changeSecret: fromPromise<GrantSecret, { clientId: string }>(async () => {
      throw new Error('changeSecret must be provided');
    }),
    deleteCredential: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteCredential must be provided');
    }),
    endSession: fromPromise<void>(async () => {
      throw new Error('endSession must be provided');
    }),
    createGrant: createGrantMachine,
  },
  guards: {
    hasCredential: ({ context, event }) => context.clients.some((c) => c.id === rowEvent(event)),
    isNotOwner: ({ event }) => loadFailureFrom((event as { error?: unknown }).error) === 'NotAnOwnerMessage',
    isAccessDenied: ({ event }) => loadFailureFrom((event as { error?: unknown }).error) === 'AccessDenied',
    isGrantCreated: ({ event }) => (event as { output?: CreateGrantOutput }).output?.created === true,
    isGrantSessionEnded: ({ event }) => (event as { output?: CreateGrantOutput }).output?.sessionEnded === true,
    isSessionEnded,
  },
  actions: {
    assignOverview: assign(({ event }) => {
      const { clients, limits, endpoints } = (event as unknown as { output: CredentialsOverview }).output;
      return { clients, limits, endpoints };
    }),
    assignLoadError: assign({ loadError: ({ event }) => loadFailureFrom((event as { error?: unknown }).error) }),
    clearLoadError: assign({ loadError: null }),
    assignSelected: assign({ selectedId: ({ event }) => rowEvent(event) }),
    assignSecret: assign({ secret: ({ event }) => (event as { output?: GrantSecret }).output ?? null }),
    assignActionError: assign({ actionError: ({ event }) => actionFailureFrom((event as { error?: unknown }).error) }),
    clearActionError: assign({ actionError: null }),
    // product.md §4: the row goes only once the server confirmed the deletion.
    removeSelected: assign({ clients: ({ context }) => context.clients.filter((c) => c.id !== context.selectedId) }),
    clearSelection: assign({ selectedId: null, secret: null, actionError: null }),
  },
}).createMachine({
  id: 'credentials',
  description: 'OAuth credentials of the account: list, create a grant, change a secret, delete; owner with API access only.',
  context: { clients: [], limits: null, endpoints: null, loadError: null, selectedId: null, secret: null, actionError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCredentials',
        src: 'loadCredentials',
        onDone: { target: 'list', actions: ['assignOverview', 'clearLoadError'] },
        onError: [
          { guard: 'isSessionEnded', target: 'sessionEnded' },
          { guard: 'isNotOwner', target: 'notOwner', actions: 'assignLoadError' },
          { guard: 'isAccessDenied', target: 'accessDenied', actions: 'assignLoadError' },
          { target: 'authError', actions: 'assignLoadError' },
        ],
      },
    },
    notOwner: { description: 'Code 9: only the account owner can access this page.', type: 'final' },
    accessDenied: { description: 'Code 80: the account has no API access.', type: 'final' },
    sessionEnded: {
      description: '401 from any call: the page goes to the login page, which brings the reader back here.',
      type: 'final',
    },
    authError: {
      description: 'Any other load failure: the Authentication Error popup with Close and Login.',
      tags: ['error'],
      on: {
        'dialog.close': { target: 'failed' },
        'session.leave': { target: 'loggingOut' },
      },
    },
    failed: {
      description: 'The popup was closed: the page says the list is unavailable and offers Refresh.',
      tags: ['error'],
      on: { 'list.refresh': { target: 'loading' } },
    },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        // Login goes to the login page whatever the logout answered: the server owns the cookies (leave-session).
        onDone: { target: 'loggedOut' },
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: { description: 'The page navigates to the login page, which brings the reader back here.', type: 'final' },
    list: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.refresh': { target: '#credentials.loading' },
            'grant.create': { target: 'creating' },
            'secret.change': { guard: 'hasCredential', target: 'confirmChange', actions: 'assignSelected' },
            'grant.delete': { guard: 'hasCredential', target: 'confirmDelete', actions: 'assignSelected' },
            'info.show': { guard: 'hasCredential', target: 'showInfo', actions: 'assignSelected' },
          },
        },
        creating: {
          description: 'The Create Grant dialog, a machine of its own; a fresh one (blank form) every time.',
          invoke: {
            id: 'createGrant',
            src: 'createGrant',
            input: ({ context }): CreateGrantInput => ({
              limits: context.limits!,
              endpoints: context.endpoints!,
              counts: countByGrantType(context.clients),
            }),
            onDone: [
              { guard: 'isGrantSessionEnded', target: '#credentials.sessionEnded' },
              { guard: 'isGrantCreated', target: '#credentials.loading' },
              { target: 'idle' },
            ],
          },
        },
        confirmChange: {
          description: 'The old secret stops working at once.',
          on: {
            'dialog.confirm': { target: 'changing', actions: 'clearActionError' },
            'dialog.close': { target: 'idle', actions: 'clearSelection' },
          },
        },
        changing: {
          tags: ['busy'],
          invoke: {
            id: 'changeSecret',
            src: 'changeSecret',
            input: ({ context }) => ({ clientId: context.clients.find((c) => c.id === context.selectedId)?.client_id ?? '' }),
            onDone: { target: 'showSecret', actions: 'assignSecret' },
            onError: [
              { guard: 'isSessionEnded', target: '#credentials.sessionEnded' },
              { target: 'confirmChange', actions: 'assignActionError' },
            ],
          },
        },
        showSecret: {
          description: 'OAuth information with the new secret, shown this once; closing before a copy asks first.',
          ...showOnceStates('#credentials.list.idle', ['clearSelection']),
        },
        confirmDelete: {
          description: 'Deleting is permanent.',
          on: {
            'dialog.confirm': { target: 'deleting', actions: 'clearActionError' },
            'dialog.close': { target: 'idle', actions: 'clearSelection' },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteCredential',
            src: 'deleteCredential',
            input: ({ context }) => ({ id: context.selectedId ?? '' }),
            onDone: { target: 'idle', actions: ['removeSelected', 'clearSelection'] },
            onError: [
              { guard: 'isSessionEnded', target: '#credentials.sessionEnded' },
              { target: 'confirmDelete', actions: 'assignActionError' },
            ],
          },
        },
        showInfo: {
          description: 'OAuth information of an existing credential: client_id, scopes, endpoints (never the secret).',
          on: { 'dialog.close': { target: 'idle', actions: 'clearSelection' } },
        },
      },
    },
  },
});
