import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { SessionUser } from './session-check.machine.ts';

/** Model cases shared by the headless test and the test through the signed-in shell. */
export const OLIVIA: SessionUser = {
  email: 'olivia@example.com',
  name: 'Olivia Owner',
  apiAccess: true,
  isGroupOwner: true,
};

export const checkFailures: Array<{ label: string; error: ApiError; ends: boolean }> = [
  { label: '401', error: apiErrorOf('NoSession'), ends: true },
  { label: 'network', error: new ApiError(0, null), ends: false },
  { label: '500', error: apiErrorOf('InternalError'), ends: false },
];

export const sessionCheckEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.checkSession', output: OLIVIA },
  ...checkFailures.map(({ error }) => ({ type: 'xstate.error.actor.checkSession' as const, error })),
  { type: 'session.retry' },
];

export function describeSessionCheckEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.checkSession') return 'the server confirms the session';
  if (event.type === 'xstate.error.actor.checkSession') {
    return `the check fails ${checkFailures.find((f) => f.error === (event as { error: unknown }).error)!.label}`;
  }
  return event.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const sessionCheckExplore: ExploreOptions = {
  events: sessionCheckEvents,
  describeEvent: describeSessionCheckEvent,
};
