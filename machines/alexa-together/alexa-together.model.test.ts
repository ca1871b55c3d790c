import { expect, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { ConsentRequestDetails } from '#shared-domain/consent-request.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type ModelStep,
} from '#tests/support/model-harness.ts';
import { type AlexaTogetherInput, alexaTogetherMachine } from './alexa-together.machine.ts';
import {
  alexaTogetherExplore,
  CONTINUE_URL,
  denialUrlFor,
  failures,
  LINK,
  SEARCH,
} from './alexa-together.model-cases.ts';

interface Ctx {
  actor: Actor<typeof alexaTogetherMachine>;
  deferred: DeferredActors<'loadRequest'>;
  navigate: ReturnType<typeof vi.fn>;
  /** What the machine must hold, tracked from the model's events. */
  request: ConsentRequestDetails | null;
  error: string | null;
  /** The server sent the request with the page: the machine must never ask for it. */
  sent: boolean;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const urls = (ctx: Ctx) => ctx.navigate.mock.calls.map(([, params]) => (params as { url: string }).url);
const canContinue = (ctx: Ctx) => view(ctx).can({ type: 'link.continue' });
const canCancel = (ctx: Ctx) => view(ctx).can({ type: 'link.cancel' });
const settle = execDeferred((ctx: Ctx) => ctx.deferred, ['loadRequest']);

describeModel(alexaTogetherMachine, {
  ...alexaTogetherExplore,
  setup: (start): Ctx => {
    const input = start as AlexaTogetherInput;
    const navigate = vi.fn();
    const deferred = createDeferredActors(['loadRequest']);
    const machine = alexaTogetherMachine.provide({ actions: { navigate }, actors: deferred.actors });
    const request = input.preloaded === LINK ? LINK : null;
    return {
      navigate,
      deferred,
      actor: createActor(machine, { input }).start(),
      request,
      error: null,
      sent: Boolean(input.preloaded),
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'xstate.done.actor.loadRequest': async (step, ctx) => {
      const output = (step.event as { output: ConsentRequestDetails }).output;
      if (output === LINK) ctx.request = output;
      await settle['xstate.done.actor.loadRequest'](step, ctx);
    },
    'xstate.error.actor.loadRequest': async (step: ModelStep, ctx) => {
      const error = (step.event as { error: unknown }).error;
      ctx.error =
        error === failures.SCOPE_REFUSED
          ? 'InvalidScopeError'
          : error === failures.INTERNAL_ERROR
            ? 'AnErrorOccured'
            : null;
      await settle['xstate.error.actor.loadRequest'](step, ctx);
    },
    'link.continue': (_step, ctx) => ctx.actor.send({ type: 'link.continue' }),
    'link.cancel': (_step, ctx) => ctx.actor.send({ type: 'link.cancel' }),
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.lastInput('loadRequest')).toEqual({ search: SEARCH });
      expect(canContinue(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    asking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual([]);
      expect(view(ctx).context.request).toBe(LINK);
      if (ctx.sent) expect(ctx.deferred.inputs('loadRequest')).toEqual([]);
      expect(canContinue(ctx) && canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).context.error).toBe(ctx.error);
      expect(canContinue(ctx)).toBe(false);
      expect(canCancel(ctx)).toBe(true);
      expect(urls(ctx)).toEqual([]);
    },
    unknownRequest: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.request).toBeNull();
      if (ctx.sent) expect(ctx.deferred.inputs('loadRequest')).toEqual([]);
      expect(canContinue(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canContinue(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([]);
    },
    continuing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(canContinue(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([CONTINUE_URL]);
    },
    cancelling: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(canContinue(ctx) || canCancel(ctx)).toBe(false);
      expect(urls(ctx)).toEqual([denialUrlFor(ctx.request?.applicationName ?? 'Official Portal Mobile App')]);
    },
  },
});
