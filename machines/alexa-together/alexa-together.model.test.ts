import { expect, vi } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { describeModel, expectSameState } from '../../tests/support/model-harness.ts';
import { alexaTogetherMachine } from './alexa-together.machine.ts';
import { alexaTogetherEvents, CONTINUE_URL, DENIAL_URL, SEARCH } from './alexa-together.model-cases.ts';

interface Ctx {
  actor: Actor<typeof alexaTogetherMachine>;
  navigate: ReturnType<typeof vi.fn>;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const urls = (ctx: Ctx) => ctx.navigate.mock.calls.map(([, params]) => (params as { url: string }).url);
const canPress = (ctx: Ctx) => view(ctx).can({ type: 'link.continue' }) || view(ctx).can({ type: 'link.cancel' });

describeModel(alexaTogetherMachine, {
  input: { search: SEARCH },
  events: alexaTogetherEvents,
  setup: (): Ctx => {
    const navigate = vi.fn();
    return { navigate, actor: createActor(alexaTogetherMachine.provide({ actions: { navigate } }), { input: { search: SEARCH } }).start() };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'link.continue': (_step, ctx) => ctx.actor.send({ type: 'link.continue' }),
    'link.cancel': (_step, ctx) => ctx.actor.send({ type: 'link.cancel' }),
  },
  states: {
    asking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canPress(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    continuing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canPress(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([CONTINUE_URL]);
    },
    cancelling: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canPress(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([DENIAL_URL]);
    },
  },
});
