import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { LogoutFailure } from './logout.machine.ts';

/** How the server may refuse, and what the page must keep for it (written by hand). */
export const serverRefusals: Array<{ label: string; error: ApiError; failure: LogoutFailure }> = [
  {
    // The error handler's 5xx line is English and says nothing: the page's own words instead.
    label: '500',
    error: new ApiError(500, {
      ...apiErrorBody('InternalError'),
      message: 'Internal server error',
    }),
    failure: { code: 'UnexpectedError' },
  },
  {
    label: '429 (30 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 30 }),
      message: 'Too many requests',
    }),
    failure: { code: 'RateLimited', retryAfterSeconds: 30 },
  },
];

/** The logout outcomes both model tests explore (headless and through the view), written once. */
export const logoutEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.logout', output: undefined },
  ...serverRefusals.map(({ error }) => ({ type: 'xstate.error.actor.logout' as const, error })),
  { type: 'xstate.error.actor.logout', error: new ApiError(0, null) },
];

export const refusalOf = (event: ModelEvent) =>
  serverRefusals.find((r) => r.error === (event as { error?: unknown }).error);

/** The events in words, as a test plan reads them (a path's id hashes them: model-graph.ts's pathIds). */
export function describeLogoutEvent(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.logout') return 'the server ends the session';
  const refusal = refusalOf(event);
  return refusal ? `the server answers ${refusal.label}` : 'the server does not answer: the network fails';
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const logoutExplore: ExploreOptions = {
  events: logoutEvents,
  describeEvent: describeLogoutEvent,
};
