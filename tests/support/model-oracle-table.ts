/**
 * The oracle's table (model-oracle.ts): how a flow writes it, and how it is held against the machine's structure.
 * Pure, like the rest of the oracle: no Vitest here.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describeGuard, listTransitions } from './model-coverage.ts';

/** The event of an eventless (`always`) row. */
export const ALWAYS = 'always';
/** A state's `ignores`: every event of the flow that neither it nor a state containing it accepts. */
export const EVERY_OTHER_EVENT = 'every other event';

/** The event a condition reads: its type and payload (`output` of a completion, `error` of a failure, fields). */
export type OracleEvent = { type: string } & Record<string, unknown>;

/** A guard's condition as the product words it, tested on the context and the event the machine is handling. */
export type Condition<TContext> = (args: { context: TContext; event: OracleEvent }) => boolean;

export interface OracleRow<TEvent extends string = string, TWhen extends string = string> {
  /** The event type, `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state id>`, or ALWAYS. */
  event: TEvent | typeof ALWAYS;
  /** The condition's words (a key of `conditions`), or 'otherwise' for the fallback; none: unconditional. */
  when?: TWhen | 'otherwise';
  /** Where it goes, keyed like the harness ('a.b' from the root, or '#id'); null: it stays (actions only). */
  to: string | null;
  /** Leaves and enters `to` again although already there (restarting what it invokes). */
  reenter?: true;
}

export interface OracleState<TEvent extends string = string, TWhen extends string = string> {
  accepts: ReadonlyArray<OracleRow<TEvent, TWhen>>;
  ignores: readonly TEvent[] | typeof EVERY_OTHER_EVENT;
}

export interface FlowOracle {
  /** The machine's id: model-harness.ts finds the oracle by it. */
  machine: string;
  /** Every event type of the flow, completions and delays included. */
  events: readonly string[];
  conditions: Readonly<Record<string, Condition<never>>>;
  /** Every state node of the machine (the root optional, as `#<id>`), keyed like the harness. */
  states: Readonly<Record<string, OracleState>>;
}

/**
 * Writes a table with its words checked by the compiler: rows name only the flow's events and conditions.
 * `defineOracle<LoginContext>()({ machine: 'login', events: [...], conditions: {...}, states: {...} })`.
 */
export function defineOracle<TContext>() {
  return <const TEvent extends string, const TWhen extends string>(table: {
    machine: string;
    events: readonly TEvent[];
    conditions: Record<TWhen, Condition<TContext>>;
    states: Record<string, OracleState<NoInfer<TEvent>, NoInfer<TWhen>>>;
  }): FlowOracle => table as unknown as FlowOracle;
}

export interface Entry {
  key: string;
  node: AnyStateNode;
  state: OracleState;
}

export interface Table {
  oracle: FlowOracle;
  machine: AnyStateMachine;
  entries: Map<AnyStateNode, Entry>;
  problems: string[];
}

export function resolveKey(machine: AnyStateMachine, key: string): AnyStateNode | undefined {
  if (key.startsWith('#')) {
    try {
      return machine.getStateNodeById(key.slice(1));
    } catch {
      return undefined;
    }
  }
  let node: AnyStateNode | undefined = machine.root;
  for (const part of key.split('.')) node = node?.states[part];
  return node;
}

/** A state in words: its path from the root, or `#<machine id>` for the root. */
export function nameOf(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : `#${node.machine.id}`;
}

export function describeRow(entry: Entry, row: OracleRow, table: Table): string {
  const to = row.to === null ? '(stays)' : nameOf(resolveKey(table.machine, row.to) ?? table.machine.root);
  const when = row.when === 'otherwise' ? ' otherwise' : row.when ? ` when ${row.when}` : '';
  return `${nameOf(entry.node)} on ${row.event}${when} → ${to}${row.reenter ? ' (re-entered)' : ''}`;
}

export function describeDefinition(t: AnyTransitionDefinition): string {
  const guard = describeGuard(t.guard);
  const targets = (t.target ?? []) as AnyStateNode[];
  const to = targets.length ? targets.map(nameOf).join(', ') : '(stays)';
  const event = t.eventType === '' ? ALWAYS : t.eventType;
  return `${nameOf(t.source as AnyStateNode)} on ${event}${guard ? ` [guard ${guard}]` : ''} → ${to}${t.reenter ? ' (re-entered)' : ''}`;
}

export const isConditional = (row: OracleRow) => row.when !== undefined && row.when !== 'otherwise';

function sameTarget(table: Table, row: OracleRow, t: AnyTransitionDefinition): boolean {
  const targets = (t.target ?? []) as AnyStateNode[];
  if (row.to === null) return targets.length === 0;
  return targets.length === 1 && targets[0] === resolveKey(table.machine, row.to);
}

/** The same row in the table's terms: source, event, target, whether it re-enters and whether it is conditional. */
export function rowMatches(table: Table, entry: Entry, row: OracleRow, t: AnyTransitionDefinition): boolean {
  const event = t.eventType === '' ? ALWAYS : t.eventType;
  return (
    entry.node === t.source &&
    row.event === event &&
    sameTarget(table, row, t) &&
    Boolean(row.reenter) === Boolean(t.reenter) &&
    isConditional(row) === (t.guard !== undefined)
  );
}

/** Events the node and the states containing it accept, by the table. */
export function acceptedAt(table: Table, node: AnyStateNode): Set<string> {
  const accepted = new Set<string>();
  for (let n: AnyStateNode | undefined = node; n; n = n.parent)
    for (const row of table.entries.get(n)?.state.accepts ?? []) accepted.add(row.event);
  return accepted;
}

export function readTable(machine: AnyStateMachine, oracle: FlowOracle): Table {
  const table: Table = { oracle, machine, entries: new Map(), problems: [] };
  for (const [key, state] of Object.entries(oracle.states)) {
    const node = resolveKey(machine, key);
    if (!node) table.problems.push(`the table names a state the machine does not have: '${key}'`);
    else if (table.entries.has(node))
      table.problems.push(`the table names ${nameOf(node)} twice ('${table.entries.get(node)!.key}', '${key}')`);
    else table.entries.set(node, { key, node, state });
  }
  return table;
}

/**
 * The table against the machine's structure, both ways, and the table against itself. `modelEventTypes` are the
 * event types the model's cases send: the table must know each.
 */
export function checkOracleTable(
  machine: AnyStateMachine,
  oracle: FlowOracle,
  modelEventTypes: readonly string[] = [],
): string[] {
  const table = readTable(machine, oracle);
  const problems = table.problems;
  if (oracle.machine !== machine.id)
    problems.push(`the table is for '${oracle.machine}', the machine is '${machine.id}'`);
  const events = new Set(oracle.events);
  for (const node of getStateNodes(machine.root))
    if (node.type !== 'history' && !table.entries.has(node))
      problems.push(`${nameOf(node)} has no entry in the table: say what it accepts and what it ignores`);
  for (const type of new Set(modelEventTypes))
    if (!events.has(type)) problems.push(`the model sends '${type}', an event the table does not list`);

  const usedConditions = new Set<string>();
  for (const entry of table.entries.values()) {
    const byEvent = new Map<string, OracleRow[]>();
    for (const row of entry.state.accepts) {
      const where = `row "${describeRow(entry, row, table)}"`;
      if (row.event !== ALWAYS && !events.has(row.event))
        problems.push(`${where}: '${row.event}' is not an event of the flow`);
      if (row.when && row.when !== 'otherwise') {
        usedConditions.add(row.when);
        if (!oracle.conditions[row.when]) problems.push(`${where}: no condition is written for '${row.when}'`);
      }
      if (row.to !== null && !resolveKey(machine, row.to)) problems.push(`${where}: no state '${row.to}'`);
      byEvent.set(row.event, [...(byEvent.get(row.event) ?? []), row]);
    }
    for (const [event, rows] of byEvent) {
      // Alternatives are tried in order: a fallback anywhere but last would hide the rows after it.
      const fallbacks = rows.filter((r) => !isConditional(r));
      if (fallbacks.length > 1 || (fallbacks.length === 1 && rows.at(-1) !== fallbacks[0]))
        problems.push(`${nameOf(entry.node)} on ${event}: only the last row may be unconditional ('otherwise')`);
      if (rows.some((r) => r.when === 'otherwise') && rows.length === 1)
        problems.push(`${nameOf(entry.node)} on ${event}: 'otherwise' with no condition before it`);
    }
    const accepted = acceptedAt(table, entry.node);
    const ignored = entry.state.ignores === EVERY_OTHER_EVENT ? null : new Set(entry.state.ignores);
    if (ignored) {
      for (const event of ignored) {
        if (!events.has(event)) problems.push(`${nameOf(entry.node)} ignores '${event}', not an event of the flow`);
        if (accepted.has(event)) problems.push(`${nameOf(entry.node)} both accepts and ignores '${event}'`);
      }
      for (const event of events)
        if (!accepted.has(event) && !ignored.has(event))
          problems.push(`${nameOf(entry.node)} neither accepts nor ignores '${event}'`);
    }
  }
  for (const words of Object.keys(oracle.conditions))
    if (!usedConditions.has(words)) problems.push(`no row reads the condition '${words}'`);

  problems.push(...matchTransitions(table));
  return problems;
}

/** Every transition definition a row (same source, event, target, in the same order), and every row a definition. */
function matchTransitions(table: Table): string[] {
  const problems: string[] = [];
  const bySource = new Map<AnyStateNode, AnyTransitionDefinition[]>();
  for (const { definition } of listTransitions(table.machine)) {
    const source = definition.source as AnyStateNode;
    bySource.set(source, [...(bySource.get(source) ?? []), definition]);
  }
  const nodes = new Set([...bySource.keys(), ...table.entries.keys()]);
  for (const node of nodes) {
    const defs = bySource.get(node) ?? [];
    const entry = table.entries.get(node);
    const rows = entry?.state.accepts ?? [];
    const matched = new Map<AnyTransitionDefinition, number>();
    const used = new Set<number>();
    for (const t of defs) {
      const index = rows.findIndex((row, i) => !used.has(i) && entry && rowMatches(table, entry, row, t));
      if (index < 0) problems.push(`the machine has a transition the table lacks: ${describeDefinition(t)}`);
      else {
        used.add(index);
        matched.set(t, index);
      }
    }
    rows.forEach((row, i) => {
      if (!used.has(i) && entry)
        problems.push(`the table has a row the machine lacks: ${describeRow(entry, row, table)}`);
    });
    // Guarded alternatives are tried in order, so the order is behaviour.
    const byEvent = new Map<string, AnyTransitionDefinition[]>();
    for (const t of defs) if (matched.has(t)) byEvent.set(t.eventType, [...(byEvent.get(t.eventType) ?? []), t]);
    for (const [event, ts] of byEvent) {
      const order = ts.map((t) => matched.get(t)!);
      if (order.some((n, i) => i > 0 && n < order[i - 1]))
        problems.push(
          `${nameOf(node)} on ${event || ALWAYS}: the machine tries its alternatives in another order than the table: ${ts.map(describeDefinition).join('; ')}`,
        );
    }
  }
  return problems;
}
