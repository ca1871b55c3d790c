import { expect, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
} from '#tests/support/model-harness.ts';
import { amazonCallbackMachine } from './amazon-callback.machine.ts';
import {
  amazonCallbackExplore,
  CODE,
  type OpenCase,
  openCaseOf,
  PRODUCT,
  STORED,
  signInOutcomeOf,
} from './amazon-callback.model-cases.ts';

interface Ctx {
  actor: Actor<typeof amazonCallbackMachine>;
  deferred: DeferredActors<'signInWithAmazon'>;
  navigate: ReturnType<typeof vi.fn>;
  opened: OpenCase | null;
  expectedUrl: string | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
/** The view shows progress while the callback is read, the server asked and the page left. */
const tags = (ctx: Ctx) => [...view(ctx).tags];
const urls = (ctx: Ctx) => ctx.navigate.mock.calls.map(([, params]) => (params as { url: string }).url);

describeModel(amazonCallbackMachine, {
  ...amazonCallbackExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['signInWithAmazon']);
    const navigate = vi.fn();
    const machine = amazonCallbackMachine.provide({ actors: deferred.actors, actions: { navigate } });
    return {
      actor: createActor(machine, { input: { product: PRODUCT } }).start(),
      deferred,
      navigate,
      opened: null,
      expectedUrl: null,
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'callback.open': (step, ctx) => {
      ctx.opened = openCaseOf(step.event);
      ctx.expectedUrl = ctx.opened.errorUrl;
      ctx.actor.send(ctx.opened.event);
    },
    ...Object.fromEntries(
      Object.entries(execDeferred((ctx: Ctx) => ctx.deferred, ['signInWithAmazon'])).map(([type, exec]) => [
        type,
        (step: Parameters<typeof exec>[0], ctx: Ctx) => {
          ctx.expectedUrl = signInOutcomeOf(step.event).url;
          return exec(step, ctx);
        },
      ]),
    ),
  },
  states: {
    opening: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(tags(ctx)).toEqual(['busy']);
      expect(urls(ctx)).toEqual([]);
    },
    signingIn: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.inputs('signInWithAmazon')).toEqual([
        { code: CODE, codeVerifier: STORED.codeVerifier, returnTo: STORED.returnTo },
      ]);
      expect(urls(ctx)).toEqual([]);
    },
    redirecting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(tags(ctx)).toEqual(['busy']);
      expect(view(ctx).status).toBe('done');
      expect(urls(ctx)).toEqual([ctx.expectedUrl]);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(urls(ctx)).toEqual([ctx.expectedUrl]);
      // A sign-in is attempted only with a code and the stored state.
      expect(ctx.deferred.inputs('signInWithAmazon')).toHaveLength(ctx.opened!.errorUrl ? 0 : 1);
    },
  },
});
