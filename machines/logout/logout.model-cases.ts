import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** The logout outcomes both model tests explore (headless and through the view), written once. */
export const serverRefusal = new ApiError(500, {
  ...apiErrorBody(GenericCode.INTERNAL, 'InternalError'),
  message: 'Session store unavailable',
});

export const logoutEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: serverRefusal },
  { type: 'xstate.error.actor.logout', error: new ApiError(0, null) },
];
