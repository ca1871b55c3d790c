import type { SnapshotFrom } from 'xstate';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';
import type { AuthorizedAppsErrorCode } from './authorized-apps.errors.ts';
import type { AuthorizedApp, authorizedAppsMachine } from './authorized-apps.machine.ts';

/** Model cases shared by the headless test and the test through the view. Noon UTC: the same date in any time zone. */
export const CARE: AuthorizedApp = {
  clientId: 'care-client',
  applicationName: 'Care App',
  consentedBy: ['Olivia Owner', 'Max Member'],
  consentedAt: Date.UTC(2026, 2, 14, 12),
  allowedScope: 'user:read camera:write alert:read',
};
export const FAMILY: AuthorizedApp = {
  clientId: 'family-client',
  applicationName: 'Family Hub',
  consentedBy: ['Max Member'],
  consentedAt: Date.UTC(2025, 10, 2, 12),
  allowedScope: 'skeleton:read',
};

export const loadFailures: Array<{ label: string; error: ApiError; code: AuthorizedAppsErrorCode }> = [
  { label: '500', error: new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalServerError')), code: 'AnErrorOccured' },
  { label: '401', error: new ApiError(401, apiErrorBody(GenericCode.NO_SESSION, 'NoSession')), code: 'AuthenticationError' },
];
export const REMOVE_FAILURE = new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalServerError'));

export const authorizedAppsEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadApps', output: [CARE, FAMILY] },
  { type: 'xstate.done.actor.loadApps', output: [] },
  ...loadFailures.map(({ error }) => ({ type: 'xstate.error.actor.loadApps' as const, error })),
  { type: 'apps.refresh' },
  // Removing one of the two is enough to reach a shorter list, the empty list needs no second removal.
  { type: 'app.remove', clientId: CARE.clientId },
  { type: 'dialog.close' },
  { type: 'dialog.confirm' },
  { type: 'xstate.done.actor.revokeApp', output: undefined },
  { type: 'xstate.error.actor.revokeApp', error: REMOVE_FAILURE },
];

/**
 * Only the `hasApp` guard reads context, and only the list matters once loaded: a load replaces it, so the states that
 * load forget it, and whether an error shows is kept where it shows (so a path retries after a failed removal).
 */
export function serializeAuthorizedApps(snapshot: SnapshotFrom<typeof authorizedAppsMachine>): unknown {
  const loading = snapshot.matches('loading') || snapshot.matches('loadFailed');
  return {
    value: snapshot.value,
    apps: loading ? null : snapshot.context.apps.map((app) => app.clientId),
    failed: snapshot.matches('ready') ? snapshot.context.error !== null : null,
  };
}

export function describeAuthorizedAppsEvent(event: ModelEvent): string {
  const e = event as { type: string; output?: AuthorizedApp[]; error?: unknown; clientId?: string };
  if (e.type === 'xstate.done.actor.loadApps') return `loadApps answers ${e.output!.length} apps`;
  if (e.type === 'xstate.error.actor.loadApps') return `loadApps fails ${loadFailures.find((f) => f.error === e.error)!.label}`;
  if (e.type === 'app.remove') return `remove ${e.clientId}`;
  return e.type.replace(/^xstate\.(done|error)\.actor\./, (_m, kind) => (kind === 'done' ? 'done: ' : 'fails: '));
}
