import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import { type LogoutFailure, logoutMachine } from './logout.machine.ts';
import { logoutExplore, refusalOf } from './logout.model-cases.ts';

interface Ctx {
  actor: Actor<typeof logoutMachine>;
  deferred: DeferredActors<'logout'>;
  expected: LogoutFailure | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();

describeModel(logoutMachine, {
  ...logoutExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['logout']);
    return { deferred, actor: createActor(logoutMachine.provide({ actors: deferred.actors })).start(), expected: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['logout']),
    'xstate.error.actor.logout': (step, ctx) => {
      ctx.expected = refusalOf(step.event)?.failure ?? null;
      return settleDeferred(ctx.deferred, step.event);
    },
  },
  states: {
    loggingOut: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(ctx.deferred.pending('logout')).toBe(1);
    },
    loggedOut: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      // A network failure still counts as logged out: nothing of the server's to show.
      expect(view(ctx).context.failure).toBeNull();
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).context.failure).toEqual(ctx.expected);
    },
  },
});
