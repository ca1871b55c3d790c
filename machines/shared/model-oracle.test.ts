import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import {
  advanceTimers,
  afterEvent,
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  exploreModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import {
  checkOracleEvents,
  checkOraclePath,
  checkOracleTable,
  defineOracle,
  EVERY_OTHER_EVENT,
  type FlowOracle,
} from '#tests/support/model-oracle.ts';

/** A door with every kind of row an oracle states: guarded alternatives, targetless, invoke, after, nested, always. */
interface DoorContext {
  visits: number;
}
type DoorEvent = { type: 'key.turn'; key: string } | { type: 'door.close' } | { type: 'door.push' };

const doorSetup = setup({
  types: { context: {} as DoorContext, events: {} as DoorEvent },
  actors: { unlock: fromPromise<void>(async () => {}) },
  delays: { patience: 500 },
  guards: {
    isRightKey: ({ event }) => event.type === 'key.turn' && event.key === 'right',
    wasVisitedTwice: ({ context }) => context.visits >= 2,
  },
  actions: { countVisit: assign({ visits: ({ context }) => context.visits + 1 }) },
});

type DoorConfig = Parameters<typeof doorSetup.createMachine>[0];
const doorConfig = {
  id: 'door',
  context: { visits: 0 },
  initial: 'locked',
  states: {
    locked: { on: { 'key.turn': [{ guard: 'isRightKey', target: 'unlocking' }, {}] } },
    unlocking: {
      invoke: { id: 'unlock', src: 'unlock', onDone: 'open', onError: 'locked' },
      after: { patience: 'locked' },
    },
    open: {
      entry: 'countVisit',
      initial: 'ajar',
      on: { 'door.close': 'closing' },
      states: { ajar: { on: { 'door.push': 'wide' } }, wide: {} },
    },
    closing: { always: [{ guard: 'wasVisitedTwice', target: 'sealed' }, { target: 'locked' }] },
    sealed: { type: 'final' },
  },
} satisfies DoorConfig;
const door = doorSetup.createMachine(doorConfig);

/** The door's rules, as its oracle words them. */
const doorOracle = defineOracle<DoorContext>()({
  machine: 'door',
  events: [
    'key.turn',
    'door.close',
    'door.push',
    'xstate.done.actor.unlock',
    'xstate.error.actor.unlock',
    'xstate.after.patience.door.unlocking',
  ],
  conditions: {
    'the key is the right one': ({ event }) => event.key === 'right',
    'the door was opened twice': ({ context }) => context.visits >= 2,
  },
  states: {
    locked: {
      accepts: [
        { event: 'key.turn', when: 'the key is the right one', to: 'unlocking' },
        { event: 'key.turn', when: 'otherwise', to: null },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    unlocking: {
      accepts: [
        { event: 'xstate.done.actor.unlock', to: 'open' },
        { event: 'xstate.error.actor.unlock', to: 'locked' },
        { event: 'xstate.after.patience.door.unlocking', to: 'locked' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    open: { accepts: [{ event: 'door.close', to: 'closing' }], ignores: EVERY_OTHER_EVENT },
    'open.ajar': { accepts: [{ event: 'door.push', to: 'open.wide' }], ignores: EVERY_OTHER_EVENT },
    // An explicit list instead of EVERY_OTHER_EVENT: what neither it nor open accepts.
    'open.wide': {
      accepts: [],
      ignores: [
        'key.turn',
        'door.push',
        'xstate.done.actor.unlock',
        'xstate.error.actor.unlock',
        'xstate.after.patience.door.unlocking',
      ],
    },
    closing: {
      accepts: [
        { event: 'always', when: 'the door was opened twice', to: 'sealed' },
        { event: 'always', when: 'otherwise', to: 'locked' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    '#door.sealed': { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});

const doorEvents: ModelEvent[] = [
  { type: 'key.turn', key: 'right' },
  { type: 'key.turn', key: 'wrong' },
  { type: 'door.close' },
  { type: 'door.push' },
  { type: 'xstate.done.actor.unlock' },
  { type: 'xstate.error.actor.unlock', error: new Error('jammed') },
  afterEvent('patience', 'door.unlocking'),
];
const serializeContext = (c: DoorContext) => ({ visits: Math.min(c.visits, 2) });

/** The three checks of one machine against one table, as describeModel runs them. */
function check(machine: typeof door, oracle: FlowOracle = doorOracle) {
  const { paths } = exploreModel(machine, { events: doorEvents, serializeContext });
  const snapshots = paths.flatMap((p) => p.steps.map((s) => s.snapshot));
  return {
    table: checkOracleTable(
      machine,
      oracle,
      doorEvents.map((e) => e.type),
    ),
    events: checkOracleEvents(machine, oracle, snapshots, () => doorEvents),
    steps: [...new Set(paths.flatMap((path) => checkOraclePath(machine, oracle, path, () => 'step')))],
  };
}

describe('an oracle beside the machine', () => {
  it('passes a machine that keeps to its table, having sent every event in every reached state', () => {
    const { table, events, steps } = check(door);
    expect({ table, steps, problems: events.problems }).toEqual({ table: [], steps: [], problems: [] });
    expect(events.states).toBeGreaterThan(5);
    expect(events.ignored).toBeGreaterThan(20);
    expect(events.accepted).toBeGreaterThan(10);
  });

  it('catches a flipped guard along the paths and in the reached states, where the structure alone cannot', () => {
    const flipped = door.provide({
      guards: { isRightKey: ({ event }) => event.type === 'key.turn' && event.key !== 'right' },
    });
    const { table, events, steps } = check(flipped);
    expect(table).toEqual([]);
    expect(steps).toContain(
      'step: in locked on key.turn {"key":"wrong"}: the table says locked on key.turn otherwise → (stays); the machine takes locked on key.turn [guard isRightKey] → unlocking',
    );
    expect(events.problems).toContainEqual(
      expect.stringContaining(
        'in locked on key.turn {"key":"right"}: the table says locked on key.turn when the key is the right one → unlocking; the machine takes locked on key.turn → (stays)',
      ),
    );
  });

  it('catches a flipped eventless guard, and an eventless row left unfired', () => {
    const flipped = door.provide({ guards: { wasVisitedTwice: ({ context }) => context.visits < 2 } });
    expect(check(flipped).steps).toContain(
      'step: in closing on always (after door.close): the table says closing on always otherwise → locked; the machine takes closing on always [guard wasVisitedTwice] → sealed',
    );
  });

  it('catches a deleted transition both ways: a row without a transition, and an event that now does nothing', () => {
    const { 'door.close': _deleted, ...rest } = doorConfig.states.open.on;
    const noClose = doorSetup.createMachine({
      ...doorConfig,
      states: { ...doorConfig.states, open: { ...doorConfig.states.open, on: rest } },
    });
    const { table, events } = check(noClose);
    expect(table).toContain('the table has a row the machine lacks: open on door.close → closing');
    expect(events.problems).toContainEqual(
      expect.stringContaining(
        'in open.ajar on door.close: the table says open on door.close → closing; the machine does nothing',
      ),
    );
  });

  it('catches a machine taking an event its table says is ignored', () => {
    const pushBack = doorSetup.createMachine({
      ...doorConfig,
      states: {
        ...doorConfig.states,
        open: {
          ...doorConfig.states.open,
          states: { ...doorConfig.states.open.states, wide: { on: { 'door.push': 'ajar' } } },
        },
      },
    });
    const { table, events, steps } = check(pushBack);
    expect(table).toContain('the machine has a transition the table lacks: open.wide on door.push → open.ajar');
    expect(events.problems).toContainEqual(
      expect.stringContaining(
        'in open.wide on door.push, which the table says is ignored: the machine takes open.wide on door.push → open.ajar',
      ),
    );
    expect(steps).toContain(
      'step: in open.wide on door.push: the table says nothing happens; the machine takes open.wide on door.push → open.ajar',
    );
  });

  it('catches a failure nobody handles, which stops the machine with an error', () => {
    const { onError: _dropped, ...invoke } = doorConfig.states.unlocking.invoke;
    const unhandled = doorSetup.createMachine({
      ...doorConfig,
      states: { ...doorConfig.states, unlocking: { ...doorConfig.states.unlocking, invoke } },
    });
    const accepts = doorOracle.states.unlocking.accepts.filter((r) => r.event !== 'xstate.error.actor.unlock');
    const oracle = {
      ...doorOracle,
      states: { ...doorOracle.states, unlocking: { ...doorOracle.states.unlocking, accepts } },
    };
    const { events } = check(unhandled, oracle);
    expect(events.problems).toContainEqual(
      expect.stringContaining(
        'in unlocking on xstate.error.actor.unlock {"error":{"name":"Error","message":"jammed"}}, which the table says is ignored: the machine\'s status becomes \'error\'',
      ),
    );
  });

  it('catches alternatives tried in another order than the table’s', () => {
    const reordered = doorSetup.createMachine({
      ...doorConfig,
      states: {
        ...doorConfig.states,
        closing: { always: [{ target: 'locked' }, { guard: 'wasVisitedTwice', target: 'sealed' }] },
      },
    });
    expect(check(reordered).table).toContain(
      'closing on always: the machine tries its alternatives in another order than the table: closing on always → locked; closing on always [guard wasVisitedTwice] → sealed',
    );
  });

  it('holds the table to itself: real states, listed events, written conditions, every event said', () => {
    const { '#door.sealed': _unsaid, ...states } = doorOracle.states;
    const sloppy = {
      ...doorOracle,
      conditions: { ...doorOracle.conditions, 'the moon is full': () => true },
      states: {
        ...states,
        locked: {
          accepts: [
            { event: 'key.turn', when: 'otherwise', to: null },
            { event: 'key.turn', when: 'the key is the right one', to: 'unlocking' },
            { event: 'door.kick', when: 'the door is weak', to: 'nowhere' },
          ],
          ignores: EVERY_OTHER_EVENT,
        },
        'open.wide': { accepts: [], ignores: ['key.turn'] },
        attic: { accepts: [], ignores: EVERY_OTHER_EVENT },
      },
    } as unknown as FlowOracle;
    const problems = checkOracleTable(door, sloppy, ['door.slam']);
    expect(problems).toEqual(
      expect.arrayContaining([
        "the table names a state the machine does not have: 'attic'",
        'sealed has no entry in the table: say what it accepts and what it ignores',
        "the model sends 'door.slam', an event the table does not list",
        `row "locked on door.kick when the door is weak → #door": 'door.kick' is not an event of the flow`,
        `row "locked on door.kick when the door is weak → #door": no condition is written for 'the door is weak'`,
        `row "locked on door.kick when the door is weak → #door": no state 'nowhere'`,
        "locked on key.turn: only the last row may be unconditional ('otherwise')",
        "open.wide neither accepts nor ignores 'door.push'",
        "no row reads the condition 'the moon is full'",
      ]),
    );
  });
});

// describeModel wired to a table given explicitly: every path checks its steps, and the oracle's tests run beside.
interface Ctx {
  actor: ReturnType<typeof createActor<typeof door>>;
  deferred: ReturnType<typeof createDeferredActors<'unlock'>>;
}
const same = (s: Parameters<typeof expectSameState>[1], ctx: Ctx) => expectSameState(ctx.actor.getSnapshot(), s);
describeModel(door, {
  name: 'describeModel holds a machine to its oracle',
  oracle: doorOracle,
  events: doorEvents,
  serializeContext,
  setup: (): Ctx => {
    vi.useFakeTimers();
    const deferred = createDeferredActors(['unlock']);
    return { deferred, actor: createActor(door.provide({ actors: deferred.actors })).start() };
  },
  teardown: (ctx) => {
    ctx.actor.stop();
    vi.useRealTimers();
  },
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['unlock']),
    'xstate.after.patience.door.unlocking': () => advanceTimers(500),
    'key.turn': (step, ctx) => ctx.actor.send(step.event as DoorEvent),
    'door.close': (_step, ctx) => ctx.actor.send({ type: 'door.close' }),
    'door.push': (_step, ctx) => ctx.actor.send({ type: 'door.push' }),
  },
  states: {
    locked: same,
    unlocking: same,
    'open.ajar': same,
    'open.wide': same,
    closing: same,
    sealed: same,
  },
});
