import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
} from '#tests/support/model-harness.ts';
import { sessionCheckMachine } from './session-check.machine.ts';
import { OLIVIA, sessionCheckExplore } from './session-check.model-cases.ts';

interface Ctx {
  actor: Actor<typeof sessionCheckMachine>;
  deferred: DeferredActors<'checkSession'>;
  /** How many checks the path has started, counted independently of the machine. */
  checks: number;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canRetry = (ctx: Ctx) => view(ctx).can({ type: 'session.retry' });

describeModel(sessionCheckMachine, {
  ...sessionCheckExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['checkSession']);
    const actor = createActor(sessionCheckMachine.provide({ actors: deferred.actors })).start();
    return { actor, deferred, checks: 1 };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['checkSession']),
    'session.retry': (_step, ctx) => {
      ctx.checks += 1;
      ctx.actor.send({ type: 'session.retry' });
    },
  },
  states: {
    checking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.pending('checkSession')).toBe(1);
      expect(ctx.deferred.inputs('checkSession').length).toBe(ctx.checks);
      expect(view(ctx).context.user).toBeNull();
      expect(canRetry(ctx)).toBe(false);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).context.user).toBeNull();
      expect(canRetry(ctx)).toBe(true);
    },
    signedIn: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.user).toEqual(OLIVIA);
      expect(canRetry(ctx)).toBe(false);
      // A confirmed session restored from its persisted snapshot asks nothing again.
      const restored = createActor(sessionCheckMachine.provide({ actors: ctx.deferred.actors }), {
        snapshot: ctx.actor.getPersistedSnapshot(),
      }).start();
      expect(restored.getSnapshot().matches('signedIn')).toBe(true);
      expect(restored.getSnapshot().context.user).toEqual(OLIVIA);
      expect(ctx.deferred.inputs('checkSession').length).toBe(ctx.checks);
      restored.stop();
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.user).toBeNull();
    },
  },
});
