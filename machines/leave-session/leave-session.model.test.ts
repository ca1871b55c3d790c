import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
} from '#tests/support/model-harness.ts';
import { leaveSessionMachine } from './leave-session.machine.ts';
import { leaveSessionExplore } from './leave-session.model-cases.ts';

interface Ctx {
  actor: Actor<typeof leaveSessionMachine>;
  deferred: DeferredActors<'endSession'>;
  /** Whether the path asked the server to end a session. */
  loggedOut: boolean;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canLeave = (ctx: Ctx) => view(ctx).can({ type: 'session.leave', hasSession: true });

describeModel(leaveSessionMachine, {
  ...leaveSessionExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['endSession']);
    return {
      deferred,
      actor: createActor(leaveSessionMachine.provide({ actors: deferred.actors })).start(),
      loggedOut: false,
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'session.leave': (step, ctx) => {
      const event = step.event as unknown as { type: 'session.leave'; hasSession: boolean };
      ctx.loggedOut = event.hasSession;
      ctx.actor.send(event);
    },
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['endSession']),
  },
  states: {
    idle: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canLeave(ctx)).toBe(true);
      expect(ctx.deferred.inputs('endSession')).toHaveLength(0);
    },
    loggingOut: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      // A second press while the logout runs changes nothing.
      expect(canLeave(ctx)).toBe(false);
      expect(ctx.deferred.pending('endSession')).toBe(1);
    },
    done: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      // Without a session there is nothing to end: straight to login.
      expect(ctx.deferred.inputs('endSession')).toHaveLength(ctx.loggedOut ? 1 : 0);
      expect(ctx.deferred.pending('endSession')).toBe(0);
    },
  },
});
