import { assign, fromPromise, setup } from 'xstate';
import {
  type CreateGrantPayload,
  type CredentialLimits,
  type GrantSecret,
  type GrantType,
  type OAuthEndpoints,
  parseRedirectUris,
  validateRedirectUris,
} from '#shared-domain/credentials.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { isSessionEnded, sessionEnded } from '../shared/session-ended.ts';
import { type ShowOnceEvent, showOnceStates } from '../shared/show-once.ts';
import { type CreateGrantFailure, createGrantFailureFrom } from './create-grant.errors.ts';

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
  /** The server answered 401: the dialog closes and the page goes to log in again. */
  sessionEnded: boolean;
}

/**
 * What the dialog tells its parent when it closes: whether a credential was made (so the list refreshes), and
 * whether the server said the session is over (so the page goes to log in again).
 */
export interface CreateGrantOutput {
  created: boolean;
  sessionEnded: boolean;
}

type FieldChange = { field: 'applicationName' | 'redirectUris'; value: string };

export type CreateGrantEvent =
  | { type: 'type.choose'; grantType: GrantType }
  | ({ type: 'form.change' } & FieldChange)
  | { type: 'form.back' }
  | { type: 'form.submit' }
  | { type: 'dialog.close' }
  | ShowOnceEvent;

const chosen = ({ event }: { event: { grantType: GrantType } }) => ({ grantType: event.grantType });

const validate = (context: CreateGrantContext) =>
  validateRedirectUris(context.grantType, context.redirectUris, context.limits);

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
    hasRoomForGrantType: ({ context }, { grantType }: { grantType: GrantType }) =>
      context.counts[grantType] < context.limits.clients_per_grant_type,
    isSessionEnded,
  },
  actions: {
    assignGrantType: assign({ grantType: (_, { grantType }: { grantType: GrantType }) => grantType }),
    assignField: assign((_, { field, value }: FieldChange) => ({ [field]: value })),
    assignValidationError: assign({ error: ({ context }) => validate(context) }),
    assignFailure: assign({ error: (_, { error }: Failure) => createGrantFailureFrom(error) }),
    assignCreated: assign({ created: (_, created: GrantSecret) => created }),
    assignSessionEnded: assign({ sessionEnded: true }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'create-grant',
  description: 'The Create Grant dialog: choose the grant type, fill in, create, then show the secret once.',
  context: ({ input }) => ({
    ...input,
    // Stryker disable next-line StringLiteral: type.choose sets the type before any state reads it.
    grantType: 'client_credentials',
    applicationName: '',
    redirectUris: '',
    error: null,
    created: null,
    sessionEnded: false,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description:
        'client_credentials (server to server) or authorization_code (a person consents); a type at its cap cannot be chosen.',
      on: {
        'type.choose': {
          guard: { type: 'hasRoomForGrantType', params: chosen },
          target: 'editing',
          actions: [{ type: 'assignGrantType', params: chosen }, 'clearError'],
        },
        'dialog.close': { target: 'closed' },
      },
    },
    editing: {
      description:
        'Application name (empty: the server names it Not Found) and, for authorization_code, redirect URIs.',
      on: {
        'form.change': { actions: { type: 'assignField', params: ({ event }) => event } },
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
          ...(context.grantType === 'authorization_code'
            ? { redirect_uris: parseRedirectUris(context.redirectUris) }
            : {}),
        }),
        onDone: { target: 'details', actions: { type: 'assignCreated', params: output } },
        onError: [
          { guard: sessionEnded, target: 'sessionEnded', actions: 'assignSessionEnded' },
          { target: 'editing', actions: { type: 'assignFailure', params: failure } },
        ],
      },
    },
    details: {
      description: 'client_id and the secret, shown this once, with copy buttons; closing before a copy asks first.',
      // Stryker disable next-line ArrayDeclaration: an action name no implementation has runs nothing in XState.
      ...showOnceStates('#create-grant.closed', []),
    },
    closed: {
      description: 'The parent refreshes its list when a credential was made; a new dialog starts from a blank form.',
      type: 'final',
    },
    sessionEnded: {
      description: '401: the session is over; the page goes to log in again.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ created: context.created !== null, sessionEnded: context.sessionEnded }),
});
