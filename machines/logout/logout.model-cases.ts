import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import type { ModelEvent } from '#tests/support/model-graph.ts';
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
