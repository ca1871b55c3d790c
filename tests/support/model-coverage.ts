/**
 * Coverage of a model-based test: every state node and every transition definition of a machine, and which of them
 * the replayed paths of model-graph.ts never reach. Pure, so the harness's own test can feed it any paths.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** One fired transition definition, as the coverage report names it. */
export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  guard: string | undefined;
  targets: string[];
  definition: AnyTransitionDefinition;
}

/** What coverage reads of a replayed path step (model-graph.ts's ModelStep has these and more). */
export interface CoveredStep {
  /** State nodes active in any microstep of the step, transient ones (left by `always`) included. */
  nodes: readonly AnyStateNode[];
  /** Transition definitions taken by the step's macrostep. */
  transitions: ReadonlyArray<Pick<TransitionInfo, 'definition'>>;
}

export interface Coverage {
  missingStates: string[];
  missingTransitions: string[];
  stateCount: number;
  transitionCount: number;
}
/** Readable guard name, higher-order guards (`and`, `or`, `not`, `stateIn`) included. */
export function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(fn.guards)) return `${fn.name}(${fn.guards.map(describeGuard).join(', ')})`;
    if (fn.stateValue !== undefined) return `stateIn(${JSON.stringify(fn.stateValue)})`;
    return fn.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

export function describeTransition(
  t: AnyTransitionDefinition,
): Omit<TransitionInfo, 'key' | 'definition'> & { label: string } {
  const source = (t.source as AnyStateNode).id;
  const event = t.eventType === '' ? 'always' : t.eventType;
  const guard = describeGuard(t.guard);
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
  const to = targets.length ? targets.map((id) => `#${id}`).join(', ') : '(no target)';
  const label = `#${source} on ${event}${guard ? ` [${guard}]` : ''} → ${to}${t.reenter ? ' (reenter)' : ''}`;
  return { source, event, guard, targets, label };
}

/** Every transition definition of every state node (root included): `on`, invoke done/error, `after`, `always`. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const result: TransitionInfo[] = [];
  const seen = new Map<string, number>();
  for (const node of [machine.root as AnyStateNode, ...getStateNodes(machine.root)]) {
    const defs: AnyTransitionDefinition[] = [...node.transitions.values()].flat();
    defs.push(...((node.always as AnyTransitionDefinition[] | undefined) ?? []));
    for (const definition of defs) {
      const { label, ...info } = describeTransition(definition);
      // Two identical definitions (e.g. an unguarded fallback listed twice) must stay two coverage items.
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      result.push({ ...info, key: n === 1 ? label : `${label} #${n}`, definition });
    }
  }
  return result;
}

/** Pure coverage computation: what of `machine` do the given paths never reach? */
export function computeCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: readonly CoveredStep[] }>,
): Coverage {
  const allNodes = getStateNodes(machine.root);
  const allTransitions = listTransitions(machine);
  const reachedNodes = new Set<AnyStateNode>();
  const fired = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    for (const step of path.steps) {
      for (const node of step.nodes) reachedNodes.add(node);
      for (const t of step.transitions) {
        fired.add(t.definition);
        // A history node is never active; it counts as reached when a fired transition targets it.
        for (const target of (t.definition.target ?? []) as AnyStateNode[])
          if (target.type === 'history') reachedNodes.add(target);
      }
    }
  }
  return {
    missingStates: allNodes.filter((n) => !reachedNodes.has(n)).map((n) => `#${n.id}`),
    missingTransitions: allTransitions.filter((t) => !fired.has(t.definition)).map((t) => t.key),
    stateCount: allNodes.length,
    transitionCount: allTransitions.length,
  };
}
