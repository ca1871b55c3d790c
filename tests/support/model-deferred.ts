/**
 * Deferred outcomes for model-based tests: the system under test asks (an invoked actor starts, a request reaches an
 * MSW handler) and waits until the path's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step settles it.
 */

import type { PromiseActorLogic } from 'xstate';
import { fromPromise } from 'xstate';

interface Slot {
  input: unknown;
  taken: boolean;
  settled: boolean;
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface DeferredQueue<TId extends string = string> {
  /** System-under-test side: records the input and waits for the test's decision. */
  take(id: TId, input?: unknown): Promise<unknown>;
  /** Test side: settles the oldest open call of `id`. */
  resolve(id: TId, value: unknown): void;
  reject(id: TId, error: unknown): void;
  /** Inputs of every call of `id` so far, oldest first. */
  inputs(id: TId): unknown[];
  lastInput(id: TId): unknown;
  /** Calls taken and not settled yet. */
  pending(id: TId): number;
}

/**
 * `strict` (headless): settling an id with no call waiting throws, since an invoked actor starts synchronously.
 * Not strict (views): a request may reach the handler after the test decided, so the outcome waits for it.
 */
export function createDeferredQueue<TId extends string = string>({ strict = false } = {}): DeferredQueue<TId> {
  const slots = new Map<TId, Slot[]>();
  const list = (id: TId) => {
    let s = slots.get(id);
    if (!s) {
      s = [];
      slots.set(id, s);
    }
    return s;
  };
  const newSlot = (id: TId): Slot => {
    let resolve!: Slot['resolve'];
    let reject!: Slot['reject'];
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const slot: Slot = { input: undefined, taken: false, settled: false, promise, resolve, reject };
    list(id).push(slot);
    return slot;
  };
  const settle = (id: TId, apply: (slot: Slot) => void) => {
    let slot = list(id).find((s) => !s.settled);
    if (!slot || (strict && !slot.taken)) {
      if (strict) throw new Error(`Nothing is waiting for "${id}": the state that invokes it was not entered`);
      slot ??= newSlot(id);
    }
    slot.settled = true;
    apply(slot);
  };
  return {
    take(id, input) {
      const slot = list(id).find((s) => !s.taken) ?? newSlot(id);
      slot.taken = true;
      slot.input = input;
      return slot.promise;
    },
    resolve: (id, value) => settle(id, (s) => s.resolve(value)),
    reject: (id, error) => settle(id, (s) => s.reject(error)),
    inputs: (id) =>
      list(id)
        .filter((s) => s.taken)
        .map((s) => s.input),
    lastInput: (id) =>
      list(id)
        .filter((s) => s.taken)
        .at(-1)?.input,
    pending: (id) => list(id).filter((s) => s.taken && !s.settled).length,
  };
}

export interface DeferredActors<TId extends string> extends DeferredQueue<TId> {
  /** Pass to `machine.provide({ actors })`: each invocation waits for `resolve(id, output)` / `reject(id, error)`. */
  actors: Record<TId, PromiseActorLogic<any, any>>;
}

export function createDeferredActors<const TId extends string>(ids: readonly TId[]): DeferredActors<TId> {
  const queue = createDeferredQueue<TId>({ strict: true });
  const actors = Object.fromEntries(ids.map((id) => [id, fromPromise(({ input }) => queue.take(id, input))])) as Record<
    TId,
    PromiseActorLogic<any, any>
  >;
  return { ...queue, actors };
}

/**
 * Lets promise callbacks (an actor reporting its outcome to its parent) run. Microtasks only: fake timers leave them
 * alone, and nothing scheduled with a delay fires by accident.
 */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
