import { assign, fromPromise, setup } from 'xstate';
import {
  parseRedirectUris,
  validateRedirectUris,
  type CreateGrantPayload,
  type CredentialLimits,
  type GrantSecret,
  type GrantType,
  type OAuthEndpoints,
} from '../../shared-domain/credentials.ts';
import { isSessionEnded } from '../shared/session-ended.ts';
import { showOnceStates, type ShowOnceEvent } from '../shared/show-once.ts';
import { createGrantFailureFrom, type CreateGrantFailure } from './create-grant.errors.ts';

/** What the credentials page knows when it opens the dialog: the server's limits and how many grants exist. */
export interface CreateGrantInput {
  limits: CredentialLimits;
  endpoints: OAuthEndpoints;
  counts: Record<GrantType, number>;
}

export interface CreateGrantContext extends CreateGrantInput {
  grantType: GrantType;
  applicationName: string;
  /** The textarea: one redirect URI a line (authorization_code only). */
  redirectUris: string;
  error: CreateGrantFailure | null;
  /** The new credential with its secret, shown once in the details step. */
  created: GrantSecret | null;
}

/**
 * What the dialog tells its parent when it closes: whether a credential was made (so the list refreshes), and
 * whether the server said the session is over (so the page goes to log in again).
 */
export interface CreateGrantOutput {
  created: boolean;
  sessionEnded: boolean;
}

export type CreateGrantEvent =
  | { type: 'type.choose'; grantType: GrantType }
  | { type: 'form.change'; field: 'applicationName' | 'redirectUris'; value: string }
  | { type: 'form.back' }
  | { type: 'form.submit' }
  | { type: 'dialog.close' }
  | ShowOnceEvent;

const validate = (context: CreateGrantContext) => validateRedirectUris(context.grantType, context.redirectUris, context.limits);

export const createGrantMachine = setup({
  types: {
    context: {} as CreateGrantContext,
    events: {} as CreateGrantEvent,
    input: {} as CreateGrantInput,
    output: {} as CreateGrantOutput,
  },
  actors: {
    submitGrant: fromPromise<GrantSecret, CreateGrantPayload>(async () => {
      throw new Error('submitGrant must be provided');
    }),
  },
  guards: {
    hasValidationError: ({ context }) => validate(context) !== null,
    // The cap is the server's; the page only says so before the server would refuse.
    hasRoomForGrantType: ({ context, event }) =>
      event.type === 'type.choose' && context.counts[event.grantType] < context.limits.clients_per_grant_type,
    isSessionEnded,
  },
  actions: {
    assignGrantType: assign({ grantType: ({ context, event }) => (event.type === 'type.choose' ? event.grantType : context.grantType) }),
    assignField: assign(({ context, event }) => (event.type === 'form.change' ? { ...context, [event.field]: event.value } : {})),
    assignValidationError: assign({ error: ({ context }) => validate(context) }),
    assignFailure: assign({ error: ({ event }) => createGrantFailureFrom((event as { error?: unknown }).error) }),
    assignCreated: assign({ created: ({ event }) => (event as { output?: GrantSecret }).output ?? null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'create-grant',
  description: 'The Create Grant dialog: choose the grant type, fill in, create, then show the secret once.',
  context: ({ input }) => ({
    ...input,
    grantType: 'client_credentials',
    applicationName: '',
    redirectUris: '',
    error: null,
    created: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'client_credentials (server to server) or authorization_code (a person consents); a type at its cap cannot be chosen.',
      on: {
        'type.choose': { guard: 'hasRoomForGrantType', target: 'editing', actions: ['assignGrantType', 'clearError'] },
        'dialog.close': { target: 'closed' },
      },
    },
    editing: {
      description: 'Application name (empty: the server names it Not Found) and, for authorization_code, redirect URIs.',
      on: {
        'form.change': { actions: 'assignField' },
        'form.back': { target: 'choosing', actions: 'clearError' },
        'form.submit': [
          { guard: 'hasValidationError', target: 'editing', actions: 'assignValidationError' },
          { target: 'creating', actions: 'clearError' },
        ],
        'dialog.close': { target: 'closed' },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'submitGrant',
        src: 'submitGrant',
        input: ({ context }): CreateGrantPayload => ({
          grant_type: context.grantType,
          application_name: context.applicationName.trim(),
          ...(context.grantType === 'authorization_code' ? { redirect_uris: parseRedirectUris(context.redirectUris) } : {}),
        }),
        onDone: { target: 'details', actions: 'assignCreated' },
        onError: [
          { guard: 'isSessionEnded', target: 'sessionEnded' },
          { target: 'editing', actions: 'assignFailure' },
        ],
      },
    },
    details: {
      description: 'client_id and the secret, shown this once, with copy buttons; closing before a copy asks first.',
      ...showOnceStates('#create-grant.closed', []),
    },
    closed: {
      description: 'The parent refreshes its list when a credential was made; a new dialog starts from a blank form.',
      type: 'final',
      output: ({ context }): CreateGrantOutput => ({ created: context.created !== null, sessionEnded: false }),
    },
    sessionEnded: {
      description: '401: the session is over; the page goes to log in again.',
      type: 'final',
      output: (): CreateGrantOutput => ({ created: false, sessionEnded: true }),
    },
  },
  // The final state reached says which way the dialog ended.
  output: ({ event }) => (event as unknown as { output: CreateGrantOutput }).output,
});
