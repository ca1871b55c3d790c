import type { AnyMachineSnapshot } from 'xstate';
import { expectNoAlert } from './render.tsx';

type StateChecks = Record<string, (snapshot: AnyMachineSnapshot, ...rest: never[]) => unknown>;

/**
 * describeModel's options through a view, with what holds in every state of every view checked after each state's
 * own assertions: while a request is in flight (the machine's `busy` tag) the alert of an earlier attempt is gone, so
 * a reader never takes an old failure for the answer to the request they are waiting on. `alertStaysIn` gives, for a
 * busy state (a key of `states`), the words of the one message that rightly stays there: one about the page, not
 * about an attempt (a link that cannot be used, while a new one is asked for).
 */
export function withViewChecks<TOptions extends { states: StateChecks }>(
  options: TOptions,
  alertStaysIn: { [K in keyof TOptions['states']]?: RegExp } = {},
): TOptions {
  const states = Object.fromEntries(
    Object.entries(options.states).map(([key, check]) => [
      key,
      async (snapshot: AnyMachineSnapshot, ...rest: never[]) => {
        await check(snapshot, ...rest);
        if (snapshot.hasTag('busy')) expectNoAlert(document, alertStaysIn[key as keyof TOptions['states']]);
      },
    ]),
  );
  return { ...options, states };
}
