import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type DeferredActors,
} from '../../tests/support/model-harness.ts';
import { logoutMachine } from './logout.machine.ts';
import { logoutEvents } from './logout.model-cases.ts';


interface Ctx {
  actor: Actor<typeof logoutMachine>;
  deferred: DeferredActors<'logout'>;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();

describeModel(logoutMachine, {
  events: logoutEvents,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['logout']);
    return { deferred, actor: createActor(logoutMachine.provide({ actors: deferred.actors })).start() };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: execDeferred((ctx: Ctx) => ctx.deferred, ['logout']),
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
      expect(view(ctx).context.serverMessage).toBeNull();
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).context.serverMessage).toBe('Session store unavailable');
    },
  },
});
