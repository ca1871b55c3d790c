/**
 * architecture.md §4 rule 2: a view disables its buttons and shows progress from `state.hasTag('busy')`, never from the
 * state's name. So every state that waits on a server call must carry the tag, in every machine: a state that lost it
 * would leave a form clickable while its request is out.
 */

import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { statechartRegistry } from '#scripts/statecharts.registry.ts';

const stateNodes = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).flatMap((child) => [child, ...stateNodes(child)]);

/** The states that invoke a request (a promise actor), not a child machine such as a dialog's. */
const waitingStates = (machine: AnyStateMachine) =>
  stateNodes(machine.root).filter((node) =>
    node.invoke.some((invoke) => {
      const logic = typeof invoke.src === 'string' ? machine.implementations.actors[invoke.src] : invoke.src;
      return !(logic && typeof logic === 'object' && 'root' in logic);
    }),
  );

describe.each(Object.entries(statechartRegistry))('%s', (_slug, machine) => {
  it('is busy in every state that waits on the server', () => {
    const waiting = waitingStates(machine);
    expect(waiting.length).toBeGreaterThan(0);
    for (const node of waiting) expect(node.tags, node.id).toContain('busy');
  });
});
