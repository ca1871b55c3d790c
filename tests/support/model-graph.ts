/**
 * The pure half of the model-based harness (no Vitest here, so it can be unit-tested and reused): explore a machine
 * with `xstate/graph`, replay every generated path to record which state nodes and transition definitions really
 * fired, and hand them to model-coverage.ts. model-harness.ts turns the result into Vitest tests.
 */

import { createHash } from 'node:crypto';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { createEmptyActor } from 'xstate';
import type { AdjacencyValue, PathGenerator, StatePath, Step, TraversalOptions } from 'xstate/graph';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { type Coverage, computeCoverage, listTransitions, type TransitionInfo } from './model-coverage.ts';

export type { Coverage, TransitionInfo } from './model-coverage.ts';

/**
 * Completion and timer events are explored as ordinary steps (architecture.md §6), so they carry their payloads here.
 */
export type ModelEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` }
  | (EventObject & Record<string, unknown>);

export interface ExploreOptions<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  input?: unknown;
  /**
   * Several starting inputs instead of `input`, when the machine's first state depends on one (an eventless
   * transition out of its initial state): each is explored, paths are named `[label] …`, coverage is their union.
   */
  inputs?: ReadonlyArray<{ label: string; input: unknown }>;
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
  /**
   * `<machine id>-<hex>`: a hash of the input's label and the events in words, so the same path has the same id in
   * both layers and in `npm run paths`, whatever order the paths come in (see pathIds).
   */
  id: string;
  /** The test's name: the id, then `words`. */
  description: string;
  /** `[label] event → event`, each event in words (`describeEvent`). */
  words: string;
  /** The label of the input the path starts from (one of `inputs`), or '' for `input`. */
  label: string;
  /** The input the path starts from: `input`, or one of `inputs`. */
  input: unknown;
  steps: Array<ModelStep<TSnapshot>>;
}

/** An actor scope like xstate/graph's mock one, except that it reports the transitions of every microstep. */
function createRecordingScope(
  onMicrostep: (transitions: AnyTransitionDefinition[], snapshot: AnyMachineSnapshot) => void,
) {
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

/**
 * An event's type and payload as short JSON. A payload cut to fit ends with a hash of the whole, so two events whose
 * payloads differ late (two refusals of the same status) still read apart.
 */
export function defaultDescribeEvent(event: ModelEvent): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  if (!Object.keys(rest).length) return type;
  const json = stableJson(rest);
  return `${type} ${json.length > 80 ? `${json.slice(0, 70)}… #${shortHash(json, 6)}` : json}`;
}

function shortHash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * Ids of one machine's paths, in their order: `<machine id>-` and the first 6 hex digits of a hash of the input's
 * label and the events in words, more digits only where two paths would share 6. Words, not the events' JSON: the
 * two layers send the same events with different payloads (a view's return address), and a path's id should not
 * move when the cases are listed in another order. Two paths that read the same cannot have an id of their own, and
 * would be two tests of the same name: that is refused, so describeEvent has to tell their events apart.
 */
export function pathIds(machineId: string, paths: ReadonlyArray<Pick<ModelPath, 'words'>>): string[] {
  const seen = new Map<string, number>();
  paths.forEach(({ words }, i) => {
    if (seen.has(words))
      throw new Error(
        `Two paths of ${machineId} read the same, "${words}": describeEvent must tell their events apart`,
      );
    seen.set(words, i);
  });
  const hashes = paths.map(({ words }) => createHash('sha256').update(words).digest('hex'));
  return hashes.map((hash) => {
    let length = 6;
    while (hashes.some((other) => other !== hash && other.startsWith(hash.slice(0, length)))) length += 2;
    return `${machineId}-${hash.slice(0, length)}`;
  });
}

/** The after-event type xstate generates for `after: { <delay>: … }` on the state node `#<stateId>`. */
export function afterEvent(delay: string | number, stateId: string): ModelEvent {
  return { type: `xstate.after.${delay}.${stateId}` };
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
  const starts = options.inputs ?? [{ label: '', input: options.input }];
  const paths = starts.flatMap(({ label, input }) =>
    explorePaths(machine, { ...options, input }).map((path) => ({
      ...path,
      label,
      words: label ? `[${label}] ${path.words}` : path.words,
    })),
  );
  const ids = pathIds(machine.id, paths);
  return {
    paths: paths.map((path, i) => ({ ...path, id: ids[i], description: `${ids[i]} ${path.words}` })),
    coverage: computeCoverage(machine, paths),
  };
}

/** The paths from one input. */
function explorePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: NoInfer<ExploreOptions<ReturnType<TMachine['transition']>>>,
): Array<Omit<ModelPath<ReturnType<TMachine['transition']>>, 'id' | 'description' | 'label'>> {
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
    events: (s: S) =>
      (typeof options.events === 'function' ? options.events(s) : options.events).filter((e) => filterEvents(s, e)),
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
  const paths = generated.map((generatedPath) => {
    const events = generatedPath.steps.slice(1).map((s) => s.event);
    let fired: AnyTransitionDefinition[] = [];
    let nodes = new Set<AnyStateNode>();
    const scope = createRecordingScope((ts, s) => {
      fired.push(...ts);
      for (const n of s._nodes as AnyStateNode[]) nodes.add(n);
    });
    const info = (defs: AnyTransitionDefinition[]) =>
      [...new Set(defs)].map((d) => allTransitions.get(d)!).filter(Boolean);
    const visited = (s: S) => [...new Set([...nodes, ...(s._nodes as AnyStateNode[])])];
    let snapshot = machine.getInitialSnapshot(scope, options.input) as S;
    const steps: Array<ModelStep<S>> = [
      {
        event: { type: 'xstate.init' },
        snapshot,
        previous: undefined,
        transitions: info(fired),
        nodes: visited(snapshot),
      },
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
    const words = events.length
      ? events.map(describeEvent).join(' → ')
      : `initial state (${JSON.stringify(snapshot.value)})`;
    return { words, input: options.input, steps };
  });
  return paths;
}
