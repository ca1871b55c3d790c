/**
 * Model-based testing harness (architecture.md §6): the one helper every flow uses twice, over the headless machine
 * (machines/<flow>/<flow>.model.test.ts) and through the real view (src/flows/<flow>/<flow>-page.test.tsx).
 *
 *   describeModel(loginMachine, {
 *     input: { returnTo: null, shortLived: false },
 *     events: [{ type: 'form.submit' }, { type: 'xstate.done.actor.submitLogin', output: { redirect: '/' } }, …],
 *     serializeContext: (c) => ({ invalid: validateLogin(c) }),   // only what guards read
 *     setup: () => ({ actor: … }),                                  // a fresh system under test per path
 *     teardown: (ctx) => ctx.actor.stop(),
 *     exec: { 'form.submit': (step, ctx) => …, 'xstate.done.actor.submitLogin': … },   // drive the SUT
 *     states: { editing: (snapshot, ctx, step) => …, '#login.locked': … },             // assert the SUT
 *   });
 *
 * It explores the machine with `xstate/graph` (a `TestModel`, never `createTestModel`, which refuses invoke/after),
 * registers one `it` per path (named by its stable id and its events in words, model-graph.ts's pathIds) that calls
 * `exec[event.type]` for each step and then every `states` entry whose node is active, and ends with
 * `it('covers every state and transition')`, which fails naming every state node and transition definition that no
 * path reaches (and leaves the figures for the coverage lines, model-report.ts). Every atomic or final state needs an
 * entry of its own (key like TestMeta: `'editing'`, `'parent.child'` or `'#id'`), and every event type a path takes
 * needs an exec. A suite without `describeEvent` gets its flow's words (machines/model-cases.ts).
 *
 * Completions and delays are ordinary events of the model: `xstate.done.actor.<invokeId>` (with `output`),
 * `xstate.error.actor.<invokeId>` (with `error`) and `xstate.after.<delayName>.<stateNodeId>`.
 *  - Headless: give the actor `createDeferredActors([...ids])` through `machine.provide({ actors })` and spread
 *    `execDeferred((ctx) => ctx.deferred, [...ids])` into `exec` (or call `settleDeferred` from your own exec). For
 *    delays call `vi.useFakeTimers()` in setup and `advanceTimers(ms)` in the after-event's exec.
 *  - Through a view: the page keeps its real actors, and an MSW handler waits on a `createDeferredQueue()`:
 *    `http.post('/api/login', async ({ request }) => queue.take('submitLogin', await request.json()))`. The exec turns
 *    the model's payload into the wire answer, `queue.resolve('submitLogin', HttpResponse.json({ success: true,
 *    redirect: output.redirect }))`, or for an ApiError `HttpResponse.json(error.body, { status: error.status })`
 *    (`HttpResponse.error()` for status 0); the queue keeps an answer until the request arrives. States assert with
 *    `findBy…`/`waitFor`. For delays use `vi.useFakeTimers({ shouldAdvanceTime: true })` (waitFor polls on timers)
 *    and `await vi.advanceTimersByTimeAsync(ms)`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { flowModelCases } from '#machines/model-cases.ts';
import { flowOracles } from '#machines/oracles.ts';
import { type DeferredQueue, flushMicrotasks } from './model-deferred.ts';
import {
  defaultDescribeEvent,
  type ExploreOptions,
  exploreModel,
  type ModelEvent,
  type ModelStep,
} from './model-graph.ts';
import { checkOracleEvents, checkOraclePath, checkOracleTable, type FlowOracle } from './model-oracle.ts';
import { coverageMeta } from './model-report.ts';

export { computeCoverage, listTransitions } from './model-coverage.ts';
export type { DeferredActors, DeferredQueue } from './model-deferred.ts';
export { createDeferredActors, createDeferredQueue, flushMicrotasks } from './model-deferred.ts';
export type { Coverage, ModelEvent, ModelPath, ModelStep, TransitionInfo } from './model-graph.ts';
export { afterEvent, exploreModel } from './model-graph.ts';

type Awaitable<T> = T | Promise<T>;

export interface DescribeModelOptions<TSnapshot extends AnyMachineSnapshot, TCtx> extends ExploreOptions<TSnapshot> {
  /** Title of the surrounding `describe`; defaults to `model: <machine id>`. */
  name?: string;
  /** A fresh system under test for every path, started from the path's input (`input` or one of `inputs`). */
  setup: (input: unknown) => Awaitable<TCtx>;
  teardown?: (ctx: TCtx) => Awaitable<unknown>;
  /** Drives the system under test for one step, keyed by the exact event type. */
  exec: Record<string, (step: ModelStep<TSnapshot>, ctx: TCtx) => Awaitable<unknown>>;
  /** Asserts the system under test shows `snapshot`, keyed like TestMeta: `'a.b'` (path from root) or `'#id'`. */
  states: Record<string, (snapshot: TSnapshot, ctx: TCtx, step: ModelStep<TSnapshot>) => Awaitable<unknown>>;
  /**
   * The hand-written table the machine is held to (model-oracle.ts); by default the one machines/oracles.ts registers
   * under the machine's id. `false` only for the harness's own test machines.
   */
  oracle?: FlowOracle | false;
}

export function resolveStateKey(machine: AnyStateMachine, key: string): AnyStateNode | undefined {
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

/** Keys naming no state node, and atomic/final state nodes that no key names. */
export function checkStateAssertions(machine: AnyStateMachine, keys: readonly string[]) {
  const targeted = new Set(keys.map((k) => resolveStateKey(machine, k)));
  return {
    unknownKeys: keys.filter((k) => !resolveStateKey(machine, k)),
    unasserted: getStateNodes(machine.root)
      .filter((n) => (n.type === 'atomic' || n.type === 'final') && !targeted.has(n))
      .map((n) => `#${n.id}`),
  };
}

export function describeModel<TMachine extends AnyStateMachine, TCtx>(
  machine: TMachine,
  options: DescribeModelOptions<NoInfer<ReturnType<TMachine['transition']>>, TCtx>,
): void {
  type S = ReturnType<TMachine['transition']>;
  // A flow's words for its events (machines/model-cases.ts) unless the suite gives its own: paths are named by them.
  const describeEvent = options.describeEvent ?? flowModelCases[machine.id]?.describeEvent ?? defaultDescribeEvent;
  const { paths, coverage } = exploreModel(machine, { ...options, describeEvent });
  const keyed = Object.keys(options.states).map((key) => ({ key, node: resolveStateKey(machine, key) }));
  const oracle = options.oracle === false ? false : (options.oracle ?? flowOracles[machine.id]);

  async function runStep(step: ModelStep<S>, index: number, ctx: TCtx) {
    if (index > 0) {
      const exec = options.exec[step.event.type];
      if (!exec) throw new Error(`No exec for event "${step.event.type}": add it to describeModel({ exec })`);
      await exec(step, ctx);
    }
    const active = step.snapshot._nodes as AnyStateNode[];
    const unasserted = active.filter(
      (n) => (n.type === 'atomic' || n.type === 'final') && !keyed.some((k) => k.node === n),
    );
    if (unasserted.length)
      throw new Error(
        `No assertion for ${unasserted.map((n) => `#${n.id}`).join(', ')}: add it to describeModel({ states })`,
      );
    for (const { key, node } of keyed)
      if (node && active.includes(node)) await options.states[key](step.snapshot, ctx, step);
  }

  describe(options.name ?? `model: ${machine.id}`, () => {
    for (const path of paths) {
      it(path.description, async ({ task }) => {
        task.meta.modelPath = { machine: machine.id, id: path.id };
        // The step the model is about to drive must be a row of the oracle's table, in both layers.
        if (oracle) {
          const where = (i: number) =>
            `step ${i} (${describeEvent(path.steps[i].event)} → ${JSON.stringify(path.steps[i].snapshot.value)})`;
          expect(checkOraclePath(machine, oracle, path, where)).toEqual([]);
        }
        const ctx = await options.setup(path.input);
        let index = 0;
        try {
          for (; index < path.steps.length; index++) await runStep(path.steps[index], index, ctx);
        } catch (error) {
          const step = path.steps[index];
          const where = `step ${index} (${describeEvent(step.event)} → ${JSON.stringify(step.snapshot.value)})`;
          if (error instanceof Error) error.message = `${where}: ${error.message}`;
          throw error;
        } finally {
          await options.teardown?.(ctx);
        }
      });
    }

    it('has an assertion for every state', () => {
      const { unknownKeys, unasserted } = checkStateAssertions(machine, Object.keys(options.states));
      expect({ unknownKeys, unasserted }).toEqual({ unknownKeys: [], unasserted: [] });
    });

    it('covers every state and transition', ({ task }) => {
      task.meta.modelCoverage = coverageMeta(machine.id, coverage, paths.length);
      // toEqual lists exactly what is missing; the counts say how much the paths do reach.
      expect({ missingStates: coverage.missingStates, missingTransitions: coverage.missingTransitions }).toEqual({
        missingStates: [],
        missingTransitions: [],
      });
    });

    if (oracle !== false) describeOracle(machine, oracle, paths, options);
  });
}

/** The oracle's tests of one machine (model-oracle.ts): its table both ways, and every event in every reached state. */
function describeOracle(
  machine: AnyStateMachine,
  oracle: FlowOracle | undefined,
  paths: ReadonlyArray<{ steps: ReadonlyArray<{ snapshot: AnyMachineSnapshot }> }>,
  { events, serialize, serializeContext }: ExploreOptions<any>,
) {
  if (!oracle) {
    it('has an oracle beside it', () => {
      throw new Error(
        `No oracle for machine "${machine.id}": write machines/<flow>/<flow>.oracle.ts from the product's rules and register it in machines/oracles.ts`,
      );
    });
    return;
  }
  const snapshots = paths.flatMap((path) => path.steps.map((step) => step.snapshot));
  const eventsFor = (snapshot: AnyMachineSnapshot) => (typeof events === 'function' ? events(snapshot) : events);
  it('agrees with its oracle: every transition is a row, every row a transition', () => {
    const types = snapshots.flatMap((s) => (s.status === 'active' ? eventsFor(s).map((e) => e.type) : []));
    expect(checkOracleTable(machine, oracle, types)).toEqual([]);
  });
  it('does in every reached state what its oracle says of every event (ignored ones change nothing)', ({ task }) => {
    // One snapshot per state of the model's graph: the serialization keeps what guards read.
    const stateOf =
      serialize ?? ((s: AnyMachineSnapshot) => [s.value, s.status, [...s.tags].sort(), serializeContext?.(s.context)]);
    const { problems, ...counts } = checkOracleEvents(machine, oracle, snapshots, eventsFor, stateOf);
    task.meta.modelOracle = { machine: machine.id, ...counts };
    expect(problems).toEqual([]);
  });
}

/**
 * Settles the invocation a completion event stands for: `xstate.done.actor.<id>` resolves with the event's `output`,
 * `xstate.error.actor.<id>` rejects with its `error`; then the actor's report to its parent is let through.
 */
export async function settleDeferred(deferred: DeferredQueue, event: ModelEvent): Promise<void> {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!match) throw new Error(`${event.type} is not an actor completion event`);
  if (match[1] === 'done') deferred.resolve(match[2], (event as { output?: unknown }).output);
  else deferred.reject(match[2], (event as { error?: unknown }).error);
  await flushMicrotasks();
}

/** `exec` entries for the done and error events of each id, settling the deferred queue that `pick` finds in ctx. */
export function execDeferred<TCtx>(
  pick: (ctx: TCtx) => DeferredQueue<any>,
  ids: readonly string[],
): Record<string, (step: ModelStep<any>, ctx: TCtx) => Promise<void>> {
  const exec = (step: ModelStep<any>, ctx: TCtx) => settleDeferred(pick(ctx), step.event);
  return Object.fromEntries(
    ids.flatMap((id) => [
      [`xstate.done.actor.${id}`, exec],
      [`xstate.error.actor.${id}`, exec],
    ]),
  );
}

/** Moves fake time on (call `vi.useFakeTimers()` in setup) and lets the events it fires be processed. */
export async function advanceTimers(ms: number): Promise<void> {
  vi.advanceTimersByTime(ms);
  await flushMicrotasks();
}

/** Headless: the actor's snapshot matches the model's in value, status and tags. */
export function expectSameState(actual: AnyMachineSnapshot, model: AnyMachineSnapshot): void {
  expect({ value: actual.value, status: actual.status, tags: [...actual.tags].sort() }).toEqual({
    value: model.value,
    status: model.status,
    tags: [...model.tags].sort(),
  });
}
