import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import {
  advanceTimers,
  afterEvent,
  checkStateAssertions,
  computeCoverage,
  createDeferredActors,
  createDeferredQueue,
  describeModel,
  execDeferred,
  expectSameState,
  exploreModel,
  listTransitions,
  type ModelEvent,
} from '#tests/support/model-harness.ts';

/** Every kind of transition the coverage must tell apart: guarded alternatives, targetless, reenter, always, invoke, after. */
const tiny = setup({
  types: {
    context: {} as { ticks: number },
    events: {} as { type: 'size.set'; big: boolean } | { type: 'tick' } | { type: 'restart' } | { type: 'never' },
  },
  actors: { fetchThing: fromPromise<string>(async () => 'thing') },
  delays: { patience: 500 },
  guards: {
    isBig: ({ event }) => (event as { big?: boolean }).big === true,
    hasTicked: ({ context }) => context.ticks > 0,
  },
}).createMachine({
  id: 'tiny',
  context: { ticks: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'fetchThing', src: 'fetchThing', onDone: 'idle', onError: 'failed' },
      after: { patience: 'failed' },
    },
    idle: {
      on: {
        'size.set': [{ guard: 'isBig', target: 'big' }, { target: 'small' }],
        tick: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) },
        restart: { target: 'idle', reenter: true },
        never: 'unreachable',
      },
    },
    big: { always: [{ guard: 'hasTicked', target: 'done' }, { target: 'idle' }] },
    small: { type: 'final' },
    done: { type: 'final' },
    failed: { type: 'final' },
    unreachable: {},
  },
});

const allButNever: ModelEvent[] = [
  { type: 'xstate.done.actor.fetchThing', output: 'thing' },
  { type: 'xstate.error.actor.fetchThing', error: new Error('offline') },
  afterEvent('patience', 'tiny.loading'),
  { type: 'size.set', big: true },
  { type: 'size.set', big: false },
  { type: 'tick' },
  { type: 'restart' },
];
const serializeContext = (c: { ticks: number }) => ({ ticked: c.ticks > 0 });

describe('coverage computation', () => {
  it('lists every transition definition with source, event, guard and targets', () => {
    expect(listTransitions(tiny).map((t) => t.key)).toEqual([
      '#tiny.loading on xstate.done.actor.fetchThing → #tiny.idle',
      '#tiny.loading on xstate.error.actor.fetchThing → #tiny.failed',
      '#tiny.loading on xstate.after.patience.tiny.loading → #tiny.failed',
      '#tiny.idle on size.set [isBig] → #tiny.big',
      '#tiny.idle on size.set → #tiny.small',
      '#tiny.idle on tick → (no target)',
      '#tiny.idle on restart → #tiny.idle (reenter)',
      '#tiny.idle on never → #tiny.unreachable',
      '#tiny.big on always [hasTicked] → #tiny.done',
      '#tiny.big on always → #tiny.idle',
    ]);
  });

  it('reports the state and the transition no event reaches', () => {
    const { coverage } = exploreModel(tiny, { events: allButNever, serializeContext });
    expect(coverage.missingStates).toEqual(['#tiny.unreachable']);
    expect(coverage.missingTransitions).toEqual(['#tiny.idle on never → #tiny.unreachable']);
  });

  it('tells guarded alternatives apart by the branch that fired', () => {
    const onlySmall = allButNever.filter((e) => !(e.type === 'size.set' && e.big));
    const { coverage } = exploreModel(tiny, { events: onlySmall, serializeContext });
    expect(coverage.missingStates).toEqual(['#tiny.big', '#tiny.done', '#tiny.unreachable']);
    expect(coverage.missingTransitions).toEqual([
      '#tiny.idle on size.set [isBig] → #tiny.big',
      '#tiny.idle on never → #tiny.unreachable',
      '#tiny.big on always [hasTicked] → #tiny.done',
      '#tiny.big on always → #tiny.idle',
    ]);
  });

  it('counts targetless, reenter and eventless transitions only when they fire', () => {
    const noTickNoRestart = allButNever.filter((e) => e.type !== 'tick' && e.type !== 'restart');
    const { coverage } = exploreModel(tiny, { events: noTickNoRestart, serializeContext });
    expect(coverage.missingStates).toEqual(['#tiny.done', '#tiny.unreachable']);
    expect(coverage.missingTransitions).toEqual([
      '#tiny.idle on tick → (no target)',
      '#tiny.idle on restart → #tiny.idle (reenter)',
      '#tiny.idle on never → #tiny.unreachable',
      '#tiny.big on always [hasTicked] → #tiny.done',
    ]);
  });

  it('is a pure function of the paths', () => {
    expect(computeCoverage(tiny, [])).toMatchObject({
      stateCount: 7,
      transitionCount: 10,
      missingTransitions: expect.any(Array),
    });
    expect(computeCoverage(tiny, []).missingStates).toHaveLength(7);
  });

  it('finds every edge with the default generator, and fewer paths with shortest', () => {
    const all = exploreModel(tiny, { events: [...allButNever, { type: 'never' }], serializeContext });
    expect(all.coverage.missingTransitions).toEqual([]);
    const shortest = exploreModel(tiny, {
      events: [...allButNever, { type: 'never' }],
      serializeContext,
      pathGenerator: 'shortest',
    });
    // One path per serialized state misses edges back into known states: the restart self-loop, the tick from a ticked idle.
    expect(shortest.coverage.missingTransitions).toContain('#tiny.idle on restart → #tiny.idle (reenter)');
  });

  it('shows a serialization that hides what a guard reads as missing coverage', () => {
    // Without `ticks > 0` in the serialized state, a ticked idle is taken for the fresh one and never explored further.
    const { coverage } = exploreModel(tiny, { events: [...allButNever, { type: 'never' }], serialize: (s) => s.value });
    expect(coverage.missingTransitions).toEqual(['#tiny.big on always [hasTicked] → #tiny.done']);
  });

  it('stops a runaway traversal at the limit', () => {
    const everyTick = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context });
    expect(() => exploreModel(tiny, { events: allButNever, serialize: everyTick, limit: 50 })).toThrow(
      /limit exceeded/,
    );
  });

  it('names state assertions that are missing or point nowhere', () => {
    expect(checkStateAssertions(tiny, ['loading', '#tiny.idle', 'big', 'small', 'done', 'failed', 'nowhere'])).toEqual({
      unknownKeys: ['nowhere'],
      unasserted: ['#tiny.unreachable'],
    });
  });
});

describe('deferred outcomes', () => {
  it('strict queues refuse to settle what nobody waits for', () => {
    const q = createDeferredQueue({ strict: true });
    expect(() => q.resolve('x', 1)).toThrow(/Nothing is waiting for "x"/);
  });

  it('lenient queues keep an outcome until the request arrives', async () => {
    const q = createDeferredQueue();
    q.resolve('x', 'early');
    await expect(q.take('x', { n: 1 })).resolves.toBe('early');
    const late = q.take('x', { n: 2 });
    q.reject('x', new Error('late'));
    await expect(late).rejects.toThrow('late');
    expect(q.inputs('x')).toEqual([{ n: 1 }, { n: 2 }]);
    expect(q.pending('x')).toBe(0);
  });
});

// The harness end to end over the tiny machine: invoke, after, guards, reenter and always, headless.
interface Ctx {
  actor: ReturnType<typeof createActor<typeof tiny>>;
  deferred: ReturnType<typeof createDeferredActors<'fetchThing'>>;
}
describeModel(tiny, {
  name: 'describeModel over a tiny machine',
  // A machine of the harness's own, with no product behind it: nothing to write an oracle from.
  oracle: false,
  events: [...allButNever, { type: 'never' }],
  serializeContext,
  setup: (): Ctx => {
    vi.useFakeTimers();
    const deferred = createDeferredActors(['fetchThing']);
    return { deferred, actor: createActor(tiny.provide({ actors: deferred.actors })).start() };
  },
  teardown: (ctx) => {
    ctx.actor.stop();
    vi.useRealTimers();
  },
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['fetchThing']),
    'xstate.after.patience.tiny.loading': () => advanceTimers(500),
    'size.set': (step, ctx) => ctx.actor.send(step.event as { type: 'size.set'; big: boolean }),
    tick: (_step, ctx) => ctx.actor.send({ type: 'tick' }),
    restart: (_step, ctx) => ctx.actor.send({ type: 'restart' }),
    never: (_step, ctx) => ctx.actor.send({ type: 'never' }),
  },
  states: {
    loading: (s, ctx) => expectSameState(ctx.actor.getSnapshot(), s),
    idle: (s, ctx) => {
      expectSameState(ctx.actor.getSnapshot(), s);
      expect(ctx.actor.getSnapshot().context.ticks).toBe(s.context.ticks);
    },
    // Left by an eventless transition in the same macrostep, so never at rest: the entry exists and must not run.
    big: () => {
      throw new Error('a transient state was asserted');
    },
    '#tiny.small': (s, ctx) => expectSameState(ctx.actor.getSnapshot(), s),
    done: (s, ctx) => expectSameState(ctx.actor.getSnapshot(), s),
    failed: (s, ctx) => expectSameState(ctx.actor.getSnapshot(), s),
    unreachable: (s, ctx) => expectSameState(ctx.actor.getSnapshot(), s),
  },
});
