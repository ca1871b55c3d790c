import type { SnapshotFrom } from 'xstate';
import type { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { AuthorizedAppsErrorCode } from './authorized-apps.errors.ts';
import type { AuthorizedApp, authorizedAppsMachine } from './authorized-apps.machine.ts';

/**
 * Model cases shared by the headless test and the test through the view. Noon UTC: the same date in any time zone.
 * Care App is the one removed; the lists are what the account owner and what a secondary user (Max) are sent.
 */
const CARE_BASE = {
  clientId: 'care-client',
  applicationName: 'Care App',
  consentedBy: ['Olivia Owner', 'Max Member'],
  consentedAt: Date.UTC(2026, 2, 14, 12),
  allowedScope: 'user:read camera:write alert:read',
};
const FAMILY_BASE = {
  clientId: 'family-client',
  applicationName: 'Family Hub',
  consentedBy: ['Olivia Owner'],
  consentedAt: Date.UTC(2025, 10, 2, 12),
  allowedScope: 'skeleton:read',
};
export const CARE: AuthorizedApp = { ...CARE_BASE, removable: true, removes: 'account' };
export const FAMILY: AuthorizedApp = { ...FAMILY_BASE, removable: true, removes: 'account' };
export const CARE_OWN: AuthorizedApp = { ...CARE_BASE, removable: true, removes: 'own' };
/** Max may not remove what only the owner allowed. */
export const FAMILY_NOT_MINE: AuthorizedApp = { ...FAMILY_BASE, removable: false, removes: 'own' };
/** Care App once Max withdrew his consent: the owner still allows it. */
export const CARE_LEFT: AuthorizedApp = {
  ...CARE_BASE,
  consentedBy: ['Olivia Owner'],
  removable: false,
  removes: 'own',
};

export const OWNER_LIST = [CARE, FAMILY];
export const MEMBER_LIST = [CARE_OWN, FAMILY_NOT_MINE];

export const LOAD_FAILURE = apiErrorOf('InternalError');
export const SESSION_ENDED = apiErrorOf('NoSession');
export const removeFailures: Array<{ label: string; error: ApiError; code: AuthorizedAppsErrorCode }> = [
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    code: 'RemoveAppFailed',
  },
  {
    label: '403',
    error: apiErrorOf('NotYourConsent'),
    code: 'NotYourConsent',
  },
];

type Snapshot = SnapshotFrom<typeof authorizedAppsMachine>;

const removingApp = (snapshot: Snapshot) =>
  snapshot.context.apps.find((app) => app.clientId === snapshot.context.removing);

/**
 * Only Care App is ever asked to be removed (Family Hub is refused for Max by the guard, which the states check).
 * The server answers an account-wide removal with nothing left; a secondary user's removal with nothing left (he was
 * the last) or with what the others still allow.
 */
export function authorizedAppsEvents(snapshot: Snapshot): ModelEvent[] {
  const removal = removingApp(snapshot)?.removes;
  return [
    { type: 'xstate.done.actor.loadApps', output: OWNER_LIST },
    { type: 'xstate.done.actor.loadApps', output: MEMBER_LIST },
    { type: 'xstate.done.actor.loadApps', output: [] },
    { type: 'xstate.error.actor.loadApps', error: LOAD_FAILURE },
    { type: 'xstate.error.actor.loadApps', error: SESSION_ENDED },
    { type: 'apps.refresh' },
    { type: 'app.remove', clientId: CARE.clientId },
    { type: 'dialog.close' },
    { type: 'dialog.confirm' },
    { type: 'xstate.done.actor.revokeApp', output: null },
    ...(removal === 'own' ? [{ type: 'xstate.done.actor.revokeApp' as const, output: CARE_LEFT }] : []),
    ...removeFailures.map(({ error }) => ({ type: 'xstate.error.actor.revokeApp' as const, error })),
    { type: 'xstate.error.actor.revokeApp', error: SESSION_ENDED },
  ];
}

/**
 * Only the `isRemovable` guard reads context: which rows there are and whether each may be removed. A load replaces
 * the list, so the states that load forget it; whether an error shows is kept where it shows (so a path retries after
 * a failed removal).
 */
export function serializeAuthorizedApps(snapshot: Snapshot): unknown {
  const loading = snapshot.matches('loading') || snapshot.matches('loadFailed') || snapshot.matches('sessionEnded');
  return {
    value: snapshot.value,
    apps: loading ? null : snapshot.context.apps.map((app) => `${app.clientId}:${app.removable ? app.removes : 'no'}`),
    failed: snapshot.matches('ready') ? snapshot.context.error !== null : null,
  };
}

export function describeAuthorizedAppsEvent(event: ModelEvent): string {
  const e = event as {
    type: string;
    output?: AuthorizedApp[] | AuthorizedApp | null;
    error?: unknown;
    clientId?: string;
  };
  if (e.type === 'xstate.done.actor.loadApps') {
    const list = e.output as AuthorizedApp[];
    return `loadApps answers ${list === OWNER_LIST ? "the owner's" : list === MEMBER_LIST ? "a secondary user's" : 'no'} apps`;
  }
  if (e.type === 'xstate.done.actor.revokeApp') return e.output ? 'revokeApp: others keep it' : 'revokeApp: gone';
  if (e.type.startsWith('xstate.error.actor.')) {
    const status = (e.error as ApiError).status;
    return `${e.type.replace('xstate.error.actor.', '')} fails ${status}`;
  }
  if (e.type === 'app.remove') return `remove ${e.clientId}`;
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const authorizedAppsExplore: ExploreOptions = {
  events: authorizedAppsEvents,
  serialize: serializeAuthorizedApps,
  describeEvent: describeAuthorizedAppsEvent,
};
