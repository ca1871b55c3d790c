import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ModelEvent } from '#tests/support/model-graph.ts';

/** The Login presses and logout outcomes both model tests explore (headless and through the view), written once. */
export const leaveSessionEvents: ModelEvent[] = [
  { type: 'session.leave', hasSession: true },
  { type: 'session.leave', hasSession: false },
  { type: 'xstate.done.actor.endSession', output: undefined },
  {
    type: 'xstate.error.actor.endSession',
    error: apiErrorOf('InternalError'),
  },
  { type: 'xstate.error.actor.endSession', error: new ApiError(0, null) },
];
