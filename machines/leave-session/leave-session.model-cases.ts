import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';

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

/** The events in words, as a test plan reads them (a path's id hashes them: model-graph.ts's pathIds). */
export function describeLeaveSessionEvent(event: ModelEvent): string {
  const e = event as { type: string; hasSession?: boolean; error?: ApiError };
  if (e.type === 'session.leave') return `press Login ${e.hasSession ? 'while signed in' : 'without a session'}`;
  if (e.type === 'xstate.done.actor.endSession') return 'the server ends the session';
  if (e.type === 'xstate.error.actor.endSession')
    return e.error?.status
      ? `ending the session, the server answers ${e.error.status} ${e.error.errorName}`
      : 'ending the session, the network fails';
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const leaveSessionExplore: ExploreOptions = {
  events: leaveSessionEvents,
  describeEvent: describeLeaveSessionEvent,
};
