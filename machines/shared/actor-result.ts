/**
 * How a machine reads what an invoked actor answered or why it failed. The `xstate.done.actor.*` and
 * `xstate.error.actor.*` events are typed only where the transition is written (`onDone`, `onError`), not in the
 * guards and actions registered in `setup`, which see the machine's own events. So the transition hands the value on
 * as the guard's or action's params (XState 5's parameterised guards and actions), and no implementation reads an
 * event it would have to cast:
 *
 *     onError: { target: 'failed', actions: { type: 'assignFailure', params: failure } }
 *     assignFailure: assign({ error: (_, { error }: Failure) => failureFrom(error) })
 */
export interface Failure {
  error: unknown;
}

/** The params of a guard or action about a failed actor: its error event, whose `error` is what it threw. */
export const failure = ({ event }: { event: Failure }): Failure => event;

/** The params of a guard or action about a finished actor: what it answered. */
export const output = <T>({ event }: { event: { output: T } }): T => event.output;
