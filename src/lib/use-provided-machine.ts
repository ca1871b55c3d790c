import { useInsertionEffect, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';

/** What `machine.provide` accepts for this machine: its actions, actors, guards and delays. */
export type MachineImplementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

type Table = Record<string, unknown> | undefined;

/**
 * The page's machine with its real implementations, provided once per mount: the same machine object on every
 * render, as `useMachine` wants (it creates the actor from the first one). The page passes its implementations on
 * every render, and which of them count follows what each kind is:
 *
 * - actions, guards and delays given as functions are how the machine reaches the page (a `navigate` that follows a
 *   URL, a guard reading a prop): the machine gets stable wrappers that call the latest render's function, so none
 *   of them keeps an old `navigate` or value.
 * - actors, and anything not a plain function (a number of milliseconds, a built-in action such as `assign`), are the
 *   first render's. An actor's logic is the actor (a child machine such as create-grant must stay that machine, and a
 *   running request cannot change), and it belongs to the mount like the machine's `input`, which `useMachine` also
 *   reads once: an actor takes what changes through its input, or reads the page's query once by design.
 *
 * The latest implementations are recorded in an insertion effect, which runs after the render commits and before any
 * layout or passive effect, so no effect or event handler of that render can reach an older one.
 */
export function useProvidedMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  implementations: MachineImplementations<TMachine>,
): TMachine {
  const latest = useRef(implementations);
  useInsertionEffect(() => {
    latest.current = implementations;
  });
  // A state initializer, not useMemo: React keeps it for the life of the mount instead of treating it as a cache.
  const [provided] = useState(
    () =>
      machine.provide({
        ...implementations,
        actions: delegating(implementations.actions, () => latest.current.actions),
        guards: delegating(implementations.guards, () => latest.current.guards),
        delays: delegating(implementations.delays, () => latest.current.delays),
      }) as TMachine,
  );
  return provided;
}

/** The table with each plain function replaced by one that calls the latest table's function of that name. */
function delegating<T extends Table>(first: T, current: () => Table): T {
  if (!first) return first;
  const entries = Object.entries(first).map(([name, implementation]) => {
    if (!isPlainFunction(implementation)) return [name, implementation];
    const call = (...args: unknown[]) => {
      const now = current()?.[name];
      return (isPlainFunction(now) ? now : implementation)(...args);
    };
    return [name, call];
  });
  return Object.fromEntries(entries) as T;
}

// XState's built-in actions (assign, raise, sendTo…) are functions too, but carry a `resolve` and must reach the
// machine as they are.
function isPlainFunction(value: unknown): value is (...args: unknown[]) => unknown {
  return typeof value === 'function' && !('resolve' in value);
}
