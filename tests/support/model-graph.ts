/**
 * The pure half of the model-based harness (no Vitest here, so it can be unit-tested and reused): explore a machine
 * with `xstate/graph`, replay every generated path to record which transition definitions really fired, and compute
 * which state nodes and transitions no path reaches. model-harness.ts turns the result into Vitest tests.
 */
import { createEmptyActor } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { TestModel, getAdjacencyMap, getStateNodes } from 'xstate/graph';
import type { AdjacencyValue, PathGenerator, StatePath, Step, TraversalOptions } from 'xstate/graph';

/** Completion and timer events are explored as ordinary steps (design.md §6), so they carry their payloads here. */
export type ModelEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` }
  | (EventObject & Record<string, unknown>);

export interface ExploreOptions<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  input?: unknown;
  /** Event cases to try in every state; only those the state really handles are taken (see `filterEvents`). */
  events: readonly ModelEvent[] | ((snapshot: TSnapshot) => readonly ModelEvent[]);
  /** Replaces the whole serialization; keep it to what guards read, or traversal runs away. */
  serialize?: (snapshot: TSnapshot) => unknown;
  /** Added to the default serialization (state value + tags): the part of context that guards read. */
  serializeContext?: (context: TSnapshot['context']) => unknown;
  /** Default: the event selects at least one transition (guards evaluated) in an active snapshot. */
  filterEvents?: (snapshot: TSnapshot, event: ModelEvent) => boolean;
  /**
   * `transitions` (default): one path per explored edge, i.e. every event case in every serialized state (prefixes
   * deduplicated). `shortest`: one path per serialized state. `simple`: every cycle-free path (grows fast).
   */
  pathGenerator?: 'transitions' | 'shortest' | 'simple';
  /** Upper bound on traversal iterations; exceeding it means the serialized state is too fine-grained. */
  limit?: number;
  describeEvent?: (event: ModelEvent) => string;
}

/** One fired transition definition, as the coverage report names it. */
export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  guard: string | undefined;
  targets: string[];
  definition: AnyTransitionDefinition;
}

export interface ModelStep<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  /** `xstate.init` for the first step of every path. */
  event: ModelEvent;
  /** The model's snapshot after the event: what the system under test must now show. */
  snapshot: TSnapshot;
  previous: TSnapshot | undefined;
  /** Transition definitions taken by this macrostep, eventless and raised ones included. */
  transitions: TransitionInfo[];
  /** State nodes active in any microstep of this macrostep, transient ones (left by `always`) included. */
  nodes: AnyStateNode[];
}

export interface ModelPath<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  description: string;
  steps: Array<ModelStep<TSnapshot>>;
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

export function describeTransition(t: AnyTransitionDefinition): Omit<TransitionInfo, 'key' | 'definition'> & { label: string } {
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
export function computeCoverage(machine: AnyStateMachine, paths: ReadonlyArray<ModelPath>): Coverage {
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
        for (const target of (t.definition.target ?? []) as AnyStateNode[]) if (target.type === 'history') reachedNodes.add(target);
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

/** An actor scope like xstate/graph's mock one, except that it reports the transitions of every microstep. */
function createRecordingScope(onMicrostep: (transitions: AnyTransitionDefinition[], snapshot: AnyMachineSnapshot) => void) {
  const self = createEmptyActor();
  const system = Object.create(self.system) as typeof self.system & { _sendInspectionEvent: (e: unknown) => void };
  system._sendInspectionEvent = (event: unknown) => {
    const e = event as { type: string; _transitions?: AnyTransitionDefinition[]; snapshot: AnyMachineSnapshot };
    if (e.type === '@xstate.microstep') onMicrostep(e._transitions ?? [], e.snapshot);
  };
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as any;
}

/** JSON that keeps errors apart (Error's own `message` is not enumerable) and sorts nothing away. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v instanceof Error ? { name: v.name, message: v.message, ...Object.fromEntries(Object.entries(v)) } : v,
  );
}

export function defaultDescribeEvent(event: ModelEvent): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  if (!Object.keys(rest).length) return type;
  const json = stableJson(rest);
  return `${type} ${json.length > 80 ? `${json.slice(0, 77)}…` : json}`;
}

/** Path generator covering every edge of the adjacency map: shortest route to the edge's source, then the edge. */
function edgeCoveringPaths<TSnapshot extends AnyMachineSnapshot>(): PathGenerator<TSnapshot, ModelEvent, unknown> {
  return (logic, options) => {
    const adjacency = getAdjacencyMap(logic, options) as Record<string, AdjacencyValue<TSnapshot, ModelEvent>>;
    const serialize = options.serializeState!;
    const [startKey] = Object.keys(adjacency);
    const routes = new Map<string, Array<Step<TSnapshot, ModelEvent>>>([[startKey, []]]);
    const queue = [startKey];
    const paths: Array<StatePath<TSnapshot, ModelEvent>> = [];
    const toPath = (steps: Array<Step<TSnapshot, ModelEvent>>, state: TSnapshot): StatePath<TSnapshot, ModelEvent> => ({
      state,
      weight: steps.length,
      // Same layout as xstate/graph's generators: each step holds the state reached by its event.
      steps: [{ state: adjacency[startKey].state, event: { type: 'xstate.init' } }, ...steps],
    });
    while (queue.length) {
      const key = queue.shift()!;
      const { state, transitions } = adjacency[key];
      const route = routes.get(key)!;
      if (!Object.keys(transitions).length) paths.push(toPath(route, state));
      for (const { event, state: next } of Object.values(transitions)) {
        const nextKey = serialize(next, event, state);
        const extended = [...route, { state: next, event }];
        paths.push(toPath(extended, next));
        if (!routes.has(nextKey) && adjacency[nextKey]) {
          routes.set(nextKey, extended);
          queue.push(nextKey);
        }
      }
    }
    return paths;
  };
}

/** Explores the machine, replays every path through the real transition function and computes coverage. */
export function exploreModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: NoInfer<ExploreOptions<ReturnType<TMachine['transition']>>>,
): { paths: Array<ModelPath<ReturnType<TMachine['transition']>>>; coverage: Coverage } {
  type S = ReturnType<TMachine['transition']>;
  const serializeSnapshot =
    options.serialize ??
    ((s: S) => ({
      value: s.value,
      status: s.status,
      tags: [...s.tags].sort(),
      ...(options.serializeContext ? { context: options.serializeContext(s.context) } : {}),
    }));
  const filterEvents =
    options.filterEvents ??
    ((s: S, e: ModelEvent) => s.status === 'active' && machine.getTransitionData(s, e as never).length > 0);
  const traversal: TraversalOptions<S, ModelEvent, unknown> = {
    input: options.input,
    serializeState: (s) => stableJson(serializeSnapshot(s)),
    serializeEvent: (e) => stableJson(e),
    events: (s: S) => (typeof options.events === 'function' ? options.events(s) : options.events).filter((e) => filterEvents(s, e)),
    limit: options.limit ?? 5_000,
  };
  const model = new TestModel<S, ModelEvent, unknown>(machine as never, traversal);
  const generator = options.pathGenerator ?? 'transitions';
  const generated =
    generator === 'shortest'
      ? model.getShortestPaths()
      : generator === 'simple'
        ? model.getSimplePaths()
        : model.getPaths(edgeCoveringPaths<S>());
  const describeEvent = options.describeEvent ?? defaultDescribeEvent;
  const allTransitions = new Map(listTransitions(machine).map((t) => [t.definition, t]));

  // Replay from the true initial snapshot: generators may hand back any snapshot that serializes alike, while the
  // assertions need the very context this event sequence produces.
  const paths = generated.map((generatedPath): ModelPath<S> => {
    const events = generatedPath.steps.slice(1).map((s) => s.event);
    let fired: AnyTransitionDefinition[] = [];
    let nodes = new Set<AnyStateNode>();
    const scope = createRecordingScope((ts, s) => {
      fired.push(...ts);
      for (const n of s._nodes as AnyStateNode[]) nodes.add(n);
    });
    const info = (defs: AnyTransitionDefinition[]) => [...new Set(defs)].map((d) => allTransitions.get(d)!).filter(Boolean);
    const visited = (s: S) => [...new Set([...nodes, ...(s._nodes as AnyStateNode[])])];
    let snapshot = machine.getInitialSnapshot(scope, options.input) as S;
    const steps: Array<ModelStep<S>> = [
      { event: { type: 'xstate.init' }, snapshot, previous: undefined, transitions: info(fired), nodes: visited(snapshot) },
    ];
    events.forEach((event, i) => {
      fired = [];
      nodes = new Set();
      const previous = snapshot;
      snapshot = machine.transition(previous, event as never, scope) as S;
      const expected = traversal.serializeState!(generatedPath.steps[i + 1].state, event, previous);
      const actual = traversal.serializeState!(snapshot, event, previous);
      if (expected !== actual) {
        throw new Error(
          `Replaying ${describeEvent(event)} gave ${actual}, the graph expected ${expected}: serialize() or the machine is not deterministic`,
        );
      }
      steps.push({ event, snapshot, previous, transitions: info(fired), nodes: visited(snapshot) });
    });
    const description = events.length ? events.map(describeEvent).join(' → ') : `initial state (${JSON.stringify(snapshot.value)})`;
    return { description, steps };
  });
  return { paths, coverage: computeCoverage(machine, paths) };
}
