import { ApiError } from '#shared-domain/api-error.ts';
import type { Credential, CredentialsOverview, GrantSecret } from '#shared-domain/credentials.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { CredentialsActionError, CredentialsLoadError } from './credentials.errors.ts';
import type { CredentialsContext } from './credentials.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
/** The machine's invoked actors, each answered by hand in the model test and the retry test. */
export const CREDENTIALS_ACTOR_IDS = [
  'loadCredentials',
  'changeSecret',
  'deleteCredential',
  'endSession',
  'createGrant',
] as const;

export const ROW_A: Credential = {
  id: 'cred-a',
  client_uid: 'uid-a',
  client_id: 'client-a',
  application_name: 'Nightly export',
  grant_type: 'client_credentials',
  redirect_uris: [],
  scope: 'user:read',
  created_at: Date.UTC(2026, 10, 1, 12),
  last_used_at: null,
  alert_forwarding: null,
};

export const ROW_B: Credential = {
  id: 'cred-b',
  client_uid: 'uid-b',
  client_id: 'client-b',
  application_name: 'Care Hub',
  grant_type: 'authorization_code',
  redirect_uris: ['https://care.example/cb', 'https://care.example/other'],
  scope: 'user:read user:write',
  created_at: Date.UTC(2026, 10, 2, 12),
  // Noon UTC: the same calendar day in every time zone a test machine may run in.
  last_used_at: Date.UTC(2026, 10, 22, 12),
  // Its webhook answered once, then stopped answering.
  alert_forwarding: { last_success_at: Date.UTC(2026, 10, 21, 12), failures_in_a_row: 3 },
};

export const ROWS = [ROW_A, ROW_B];

/** What GET credentials answers: the rows, the server's limits and its endpoints (jsdom's origin). */
export const OVERVIEW: CredentialsOverview = {
  clients: ROWS,
  limits: { clients_per_grant_type: 5, redirect_uris_per_grant: 10, redirect_uri_length: 2048 },
  endpoints: {
    authorization_endpoint: 'http://localhost:3000/api/oauth/authorize',
    token_endpoint: 'http://localhost:3000/api/oauth/token',
  },
};

export const NEW_SECRET: GrantSecret = {
  id: ROW_A.id,
  client_uid: ROW_A.client_uid,
  client_id: ROW_A.client_id,
  secret: 'b'.repeat(64),
  scope: ROW_A.scope,
  application_name: ROW_A.application_name,
  grant_type: ROW_A.grant_type,
  redirect_uris: [],
};

/** 401 from any call: the session is over, and the page goes to log in again. */
export const SESSION_ENDED = 'sessionEnded';
const noSession = () => apiErrorOf('NoSession');

/** What GET credentials may fail with, and what the page must then show (written by hand). */
export const loadFailures: Array<{
  label: string;
  error: ApiError;
  code: CredentialsLoadError | typeof SESSION_ENDED;
}> = [
  {
    label: '403 code 9',
    error: apiErrorOf('NotOwner'),
    code: 'NotAnOwnerMessage',
  },
  {
    label: '403 code 80',
    error: apiErrorOf('AccessDenied'),
    code: 'AccessDenied',
  },
  { label: '401 no session', error: noSession(), code: SESSION_ENDED },
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    code: 'AuthenticationError',
  },
  { label: 'network failure', error: new ApiError(0, null), code: 'AuthenticationError' },
];

type ActionFailure = { label: string; error: ApiError; code: CredentialsActionError | typeof SESSION_ENDED };

export const changeFailures: ActionFailure[] = [
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    code: 'AnErrorOccured',
  },
  { label: '401 no session', error: noSession(), code: SESSION_ENDED },
];
export const deleteFailures: ActionFailure[] = [
  {
    label: '404 gone',
    error: apiErrorOf('ClientNotFound'),
    code: 'CredentialNotFound',
  },
  { label: '401 no session', error: noSession(), code: SESSION_ENDED },
];
const allFailures = [...loadFailures, ...changeFailures, ...deleteFailures];

/** The code a failure event must lead to. */
export const failureCode = (event: { error?: unknown }) => allFailures.find((f) => f.error === event.error)!.code;

export const credentialsEvents: ModelEvent[] = [
  { type: 'list.refresh' },
  { type: 'grant.create' },
  { type: 'secret.change', id: ROW_A.id },
  { type: 'grant.delete', id: ROW_A.id },
  { type: 'info.show', id: ROW_A.id },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'session.leave' },
  { type: 'secret.copy' },
  { type: 'discard.confirm' },
  { type: 'discard.cancel' },
  { type: 'xstate.done.actor.loadCredentials', output: OVERVIEW },
  ...loadFailures.map(({ error }) => ({ type: 'xstate.error.actor.loadCredentials' as const, error })),
  { type: 'xstate.done.actor.changeSecret', output: NEW_SECRET },
  ...changeFailures.map(({ error }) => ({ type: 'xstate.error.actor.changeSecret' as const, error })),
  { type: 'xstate.done.actor.deleteCredential', output: undefined },
  ...deleteFailures.map(({ error }) => ({ type: 'xstate.error.actor.deleteCredential' as const, error })),
  { type: 'xstate.done.actor.createGrant', output: { created: true, sessionEnded: false } },
  { type: 'xstate.done.actor.createGrant', output: { created: false, sessionEnded: false } },
  { type: 'xstate.done.actor.createGrant', output: { created: false, sessionEnded: true } },
  { type: 'xstate.done.actor.endSession', output: undefined },
  { type: 'xstate.error.actor.endSession', error: new ApiError(0, null) },
];

/** Guards read which rows exist (a row's buttons), and only while the list shows; elsewhere the state value says all. */
export function serializeCredentials(snapshot: {
  value: unknown;
  context: CredentialsContext;
  matches: (v: 'list') => boolean;
}) {
  return snapshot.matches('list')
    ? { value: snapshot.value, ids: snapshot.context.clients.map((c) => c.id) }
    : { value: snapshot.value };
}

/** Path names that read as a story: outcomes by label, rows by id, never the whole payload. */
export function describeCredentialsEvent(event: ModelEvent): string {
  const e = event as { type: string; id?: string; output?: unknown; error?: unknown };
  const failure = allFailures.find((f) => f.error === e.error);
  if (e.type === 'xstate.done.actor.loadCredentials')
    return `loadCredentials answers ${(e.output as CredentialsOverview).clients.length} rows`;
  if (e.type === 'xstate.done.actor.createGrant') {
    const output = e.output as { created: boolean; sessionEnded: boolean };
    return `createGrant closes (${output.sessionEnded ? 'session ended' : output.created ? 'created' : 'cancelled'})`;
  }
  if (e.type.startsWith('xstate.done.actor.')) return `${e.type.slice(18)} succeeds`;
  if (e.type.startsWith('xstate.error.actor.')) return `${e.type.slice(19)} fails ${failure?.label ?? ''}`.trim();
  return e.id ? `${e.type} ${e.id}` : e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const credentialsExplore: ExploreOptions = {
  events: credentialsEvents,
  describeEvent: describeCredentialsEvent,
  serialize: serializeCredentials,
};
