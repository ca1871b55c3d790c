import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode, ServerCode } from '../../shared-domain/error-codes.ts';
import type { Credential, GrantSecret } from '../../shared-domain/credentials.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';
import type { CredentialsActionError, CredentialsLoadError } from './credentials.errors.ts';
import type { CredentialsContext } from './credentials.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
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
};

export const ROWS = [ROW_A, ROW_B];

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

/** What GET credentials may fail with, and what the page must then show (written by hand). */
export const loadFailures: Array<{ label: string; error: ApiError; code: CredentialsLoadError }> = [
  { label: '403 code 9', error: new ApiError(403, apiErrorBody(ServerCode.NotOwner, 'NotOwner')), code: 'NotAnOwnerMessage' },
  { label: '403 code 80', error: new ApiError(403, apiErrorBody(ServerCode.AccessDenied, 'AccessDenied')), code: 'AccessDenied' },
  { label: '401 no session', error: new ApiError(401, apiErrorBody(GenericCode.NO_SESSION, 'NoSession')), code: 'AuthenticationError' },
  { label: 'network failure', error: new ApiError(0, null), code: 'AuthenticationError' },
];

export const changeFailure = {
  label: '500',
  error: new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalError')),
  code: 'AnErrorOccured' as CredentialsActionError,
};
export const deleteFailure = {
  label: '401 no session',
  error: new ApiError(401, apiErrorBody(GenericCode.NO_SESSION, 'NoSession')),
  code: 'AuthenticationError' as CredentialsActionError,
};

export const credentialsEvents: ModelEvent[] = [
  { type: 'list.refresh' },
  { type: 'grant.create' },
  { type: 'secret.change', id: ROW_A.id },
  { type: 'grant.delete', id: ROW_A.id },
  { type: 'info.show', id: ROW_A.id },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'session.leave' },
  { type: 'xstate.done.actor.loadCredentials', output: ROWS },
  ...loadFailures.map(({ error }) => ({ type: 'xstate.error.actor.loadCredentials' as const, error })),
  { type: 'xstate.done.actor.changeSecret', output: NEW_SECRET },
  { type: 'xstate.error.actor.changeSecret', error: changeFailure.error },
  { type: 'xstate.done.actor.deleteCredential', output: undefined },
  { type: 'xstate.error.actor.deleteCredential', error: deleteFailure.error },
  { type: 'xstate.done.actor.createGrant', output: { created: true } },
  { type: 'xstate.done.actor.createGrant', output: { created: false } },
  { type: 'xstate.done.actor.endSession', output: undefined },
  { type: 'xstate.error.actor.endSession', error: new ApiError(0, null) },
];

/** Guards read which rows exist (a row's buttons), and only while the list shows; elsewhere the state value says all. */
export function serializeCredentials(snapshot: { value: unknown; context: CredentialsContext; matches: (v: 'list') => boolean }) {
  return snapshot.matches('list') ? { value: snapshot.value, ids: snapshot.context.clients.map((c) => c.id) } : { value: snapshot.value };
}

/** Path names that read as a story: outcomes by label, rows by id, never the whole payload. */
export function describeCredentialsEvent(event: ModelEvent): string {
  const e = event as { type: string; id?: string; output?: unknown; error?: unknown };
  const failure = [...loadFailures, changeFailure, deleteFailure].find((f) => f.error === e.error);
  if (e.type === 'xstate.done.actor.loadCredentials') return `loadCredentials answers ${(e.output as unknown[]).length} rows`;
  if (e.type === 'xstate.done.actor.createGrant') return `createGrant closes (${(e.output as { created: boolean }).created ? 'created' : 'cancelled'})`;
  if (e.type.startsWith('xstate.done.actor.')) return `${e.type.slice(18)} succeeds`;
  if (e.type.startsWith('xstate.error.actor.')) return `${e.type.slice(19)} fails ${failure?.label ?? ''}`.trim();
  return e.id ? `${e.type} ${e.id}` : e.type;
}
