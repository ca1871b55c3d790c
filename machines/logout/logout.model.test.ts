import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type DeferredActors,
  type ModelEvent,
} from '../../tests/support/model-harness.ts';
import { logoutMachine } from './logout.machine.ts';

const refusal = new ApiError(500, { ...apiErrorBody(GenericCode.INTERNAL, 'InternalError'), message: 'Session store unavailable' });

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: refusal },
  { type: 'xstate.error.actor.logout', error: new ApiError(0, null) },
];

interface Ctx {
  actor: Actor<typeof logoutMachine>;
  deferred: DeferredActors<'logout'>;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();

describeModel(logoutMachine, {
  events,
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
