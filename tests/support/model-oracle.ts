/**
 * The oracle beside a machine (architecture.md §6). A model-based test explores the machine under test, so on its own
 * the machine says what is right: a flipped guard, a removed check or a deleted transition still reaches every state
 * it has left. Each flow therefore has a table written by hand from the product's rules (product.md),
 * `machines/<flow>/<flow>.oracle.ts`: for every state, the events it accepts, under which condition (in words, with a
 * predicate that tests those words) and where each goes, and the events it ignores. This module is the pure half that
 * holds the machine to its table; model-harness.ts turns what it finds into tests of both layers.
 *
 *  - checkOracleTable: every transition definition of the machine is a row of the table and every row a transition,
 *    in the same order; the table itself names real states, events and conditions and leaves no event unsaid.
 *  - checkOracleEvents: in every state the paths reach, every event the model knows (and a bare `{ type }` of every
 *    event no active state accepts) does what the table says: the row whose condition holds first, or nothing at all
 *    (same value, context, tags and status, no action run).
 *  - checkOraclePath: every step of a generated path, eventless follow-ups included, is the row the table selects.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { createEmptyActor, getInitialMicrosteps } from 'xstate';
import { defaultDescribeEvent, type ModelEvent } from './model-graph.ts';
import {
  ALWAYS,
  acceptedAt,
  type Condition,
  describeDefinition,
  describeRow,
  type Entry,
  type FlowOracle,
  isConditional,
  nameOf,
  type OracleEvent,
  type OracleRow,
  readTable,
  rowMatches,
  type Table,
} from './model-oracle-table.ts';

export {
  ALWAYS,
  type Condition,
  checkOracleTable,
  defineOracle,
  EVERY_OTHER_EVENT,
  type FlowOracle,
  type OracleEvent,
  type OracleRow,
  type OracleState,
} from './model-oracle-table.ts';

interface Selected {
  entry: Entry;
  row: OracleRow;
}

/** What the table selects in `snapshot` for `event` (eventless rows when `eventless`): per active leaf, innermost first. */
function select(
  table: Table,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  eventless: boolean,
  problems: string[],
): Selected[] {
  const type = eventless ? ALWAYS : event.type;
  const selected: Selected[] = [];
  const leaves = (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final');
  for (const leaf of leaves) {
    for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
      const entry = table.entries.get(node);
      const row = entry?.state.accepts.find((r) => r.event === type && holds(table, r, snapshot, event, problems));
      if (entry && row) {
        if (!selected.some((s) => s.row === row)) selected.push({ entry, row });
        break;
      }
    }
  }
  return selected;
}

function holds(table: Table, row: OracleRow, snapshot: AnyMachineSnapshot, event: EventObject, problems: string[]) {
  if (!isConditional(row)) return true;
  const condition = table.oracle.conditions[row.when!] as Condition<unknown> | undefined;
  if (!condition) return false;
  try {
    return condition({ context: snapshot.context, event: event as OracleEvent });
  } catch (error) {
    problems.push(`the condition '${row.when}' could not be read on ${describe(event)}: ${(error as Error).message}`);
    return false;
  }
}

interface Microstep {
  event: EventObject;
  transitions: AnyTransitionDefinition[];
  snapshot: AnyMachineSnapshot;
}

/** An actor scope that records every microstep (with the transitions it took) and every action it would run. */
function recordingScope(microsteps: Microstep[], actions: string[]) {
  const self = createEmptyActor();
  const system = Object.create(self.system) as typeof self.system & { _sendInspectionEvent: (e: unknown) => void };
  system._sendInspectionEvent = (inspection: unknown) => {
    const e = inspection as { type: string; event: EventObject; _transitions?: AnyTransitionDefinition[] };
    if (e.type === '@xstate.microstep')
      microsteps.push({
        event: e.event,
        transitions: e._transitions ?? [],
        snapshot: (inspection as { snapshot: AnyMachineSnapshot }).snapshot,
      });
  };
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'oracle',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action: { type: string }) => actions.push(action.type),
  } as any;
}

function describe(event: EventObject): string {
  return defaultDescribeEvent(event as ModelEvent);
}

function stateName(snapshot: AnyMachineSnapshot): string {
  const names = (snapshot._nodes as AnyStateNode[])
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map(nameOf);
  return names.join(', ') || nameOf(snapshot.machine.root);
}

/** Compares what the table selects with the transitions a microstep took; problems name both in words. */
function compare(table: Table, where: string, expected: Selected[], taken: AnyTransitionDefinition[]): string[] {
  const missing = expected.filter((s) => !taken.some((t) => rowMatches(table, s.entry, s.row, t)));
  const extra = taken.filter((t) => !expected.some((s) => rowMatches(table, s.entry, s.row, t)));
  if (!missing.length && !extra.length) return [];
  const said = expected.length ? expected.map((s) => describeRow(s.entry, s.row, table)).join('; ') : 'nothing happens';
  const did = taken.length ? `takes ${taken.map(describeDefinition).join('; ')}` : 'does nothing';
  return [`${where}: the table says ${said}; the machine ${did}`];
}

/**
 * One macrostep against the table: the event's own microstep (unless it is the initial one), then each eventless
 * follow-up, then that no eventless row is left to fire where the machine came to rest.
 */
function checkMacrostep(
  table: Table,
  before: AnyMachineSnapshot,
  event: EventObject,
  microsteps: Microstep[],
  initial: boolean,
): string[] {
  const problems: string[] = [];
  let current = before;
  microsteps.forEach((m, i) => {
    const eventless = (initial || i > 0) && m.event === event;
    const where = `in ${stateName(current)} on ${eventless ? `${ALWAYS} (after ${describe(event)})` : describe(m.event)}`;
    problems.push(...compare(table, where, select(table, current, m.event, eventless, problems), m.transitions));
    current = m.snapshot;
  });
  if (current.status === 'active') {
    const pending = select(table, current, event, true, problems);
    if (pending.length)
      problems.push(
        `in ${stateName(current)} after ${describe(event)}: the table says ${pending.map((s) => describeRow(s.entry, s.row, table)).join('; ')} follows at once; the machine stays`,
      );
  }
  return problems;
}

/** The path's steps against the table: each step's transitions are the rows the table selects, in order. */
export function checkOraclePath(
  machine: AnyStateMachine,
  oracle: FlowOracle,
  path: { input: unknown; steps: ReadonlyArray<{ event: EventObject; previous: AnyMachineSnapshot | undefined }> },
  describeStep: (index: number) => string = (i) => `step ${i}`,
): string[] {
  const table = readTable(machine, oracle);
  return path.steps.flatMap((step, index) => {
    const microsteps: Microstep[] = [];
    const scope = recordingScope(microsteps, []);
    if (index === 0) {
      // The snapshot the initial entry gives, before any eventless transition out of the initial state.
      const [[entered]] = getInitialMicrosteps(machine, path.input);
      machine.getInitialSnapshot(scope, path.input);
      const initEvent = microsteps[0]?.event ?? { type: 'xstate.init' };
      return checkMacrostep(table, entered, initEvent, microsteps, true).map((p) => `${describeStep(index)}: ${p}`);
    }
    machine.transition(step.previous!, step.event, scope);
    return checkMacrostep(table, step.previous!, step.event, microsteps, false).map(
      (p) => `${describeStep(index)}: ${p}`,
    );
  });
}

/** By default a state is its value and whole context; the harness passes the model's own serialization. */
function defaultStateOf(snapshot: AnyMachineSnapshot): unknown {
  return { value: snapshot.value, status: snapshot.status, context: snapshot.context };
}

function keyOf(state: unknown): string {
  return JSON.stringify(state, (_key, v) => (v instanceof Error ? { ...v, name: v.name, message: v.message } : v));
}

export interface OracleEventsResult {
  problems: string[];
  /** Distinct states (value and context) checked. */
  states: number;
  /** Events sent that the table says must change nothing, and events it says are taken. */
  ignored: number;
  accepted: number;
}

/**
 * In every distinct state the paths reach (one snapshot per `stateOf`, the model's serialization), every event case (and a bare `{ type }` of every event of the flow no
 * active state accepts) does what the table says, through the pure transition function: the selected rows, or
 * nothing at all. A failure of an actor that is not running is not sent: only a running child can fail, and XState
 * treats a failure nobody handles as the machine's own error.
 */
export function checkOracleEvents(
  machine: AnyStateMachine,
  oracle: FlowOracle,
  snapshots: Iterable<AnyMachineSnapshot>,
  eventsFor: (snapshot: AnyMachineSnapshot) => readonly EventObject[],
  stateOf: (snapshot: AnyMachineSnapshot) => unknown = defaultStateOf,
): OracleEventsResult {
  const table = readTable(machine, oracle);
  const result: OracleEventsResult = { problems: [...table.problems], states: 0, ignored: 0, accepted: 0 };
  const seen = new Set<string>();
  for (const snapshot of snapshots) {
    const key = keyOf(stateOf(snapshot));
    if (snapshot.status !== 'active' || seen.has(key)) continue;
    seen.add(key);
    result.states++;
    const accepted = new Set(
      (snapshot._nodes as AnyStateNode[]).flatMap((n) => [...acceptedAt(table, n)]).filter((e) => e !== ALWAYS),
    );
    const bare = oracle.events.filter((type) => !accepted.has(type)).map((type) => ({ type }));
    for (const event of [...eventsFor(snapshot), ...bare]) {
      const actor = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1];
      if (actor !== undefined && !snapshot.children[actor]) continue;
      const microsteps: Microstep[] = [];
      const actions: string[] = [];
      let next: AnyMachineSnapshot;
      try {
        next = machine.transition(snapshot, event, recordingScope(microsteps, actions));
      } catch (error) {
        result.problems.push(
          `in ${stateName(snapshot)} on ${describe(event)}: the machine throws ${(error as Error).message}`,
        );
        continue;
      }
      const expected = select(table, snapshot, event, false, result.problems);
      if (expected.length) {
        result.accepted++;
        result.problems.push(...checkMacrostep(table, snapshot, event, microsteps, false));
        continue;
      }
      result.ignored++;
      const where = `in ${stateName(snapshot)} on ${describe(event)}, which the table says is ignored`;
      const taken = microsteps.flatMap((m) => m.transitions);
      if (taken.length) result.problems.push(`${where}: the machine takes ${taken.map(describeDefinition).join('; ')}`);
      else if (next.status !== snapshot.status)
        result.problems.push(`${where}: the machine's status becomes '${next.status}'`);
      else if (actions.length) result.problems.push(`${where}: the machine runs ${actions.join(', ')}`);
      else if (!isDeepStrictEqual(next.value, snapshot.value) || !isDeepStrictEqual(next.context, snapshot.context))
        result.problems.push(`${where}: the machine's value or context changes`);
      else if (!isDeepStrictEqual([...next.tags].sort(), [...snapshot.tags].sort()))
        result.problems.push(`${where}: the machine's tags change`);
    }
  }
  return { ...result, problems: counted(result.problems) };
}

/** The same problem met in several states once, with how often. */
function counted(problems: string[]): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => (n > 1 ? `${p} (${n} times)` : p));
}
