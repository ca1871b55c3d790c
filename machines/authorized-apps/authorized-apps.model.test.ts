import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type ModelStep,
} from '#tests/support/model-harness.ts';
import type { AuthorizedAppsErrorCode } from './authorized-apps.errors.ts';
import { type AuthorizedApp, authorizedAppsMachine } from './authorized-apps.machine.ts';
import { authorizedAppsExplore, CARE, FAMILY, LOAD_FAILURE, removeFailures } from './authorized-apps.model-cases.ts';

interface Ctx {
  actor: Actor<typeof authorizedAppsMachine>;
  deferred: DeferredActors<'loadApps' | 'revokeApp'>;
  /** What the list must hold and which error must show, tracked independently of the machine. */
  apps: AuthorizedApp[];
  error: AuthorizedAppsErrorCode | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const can = (ctx: Ctx, type: 'apps.refresh' | 'dialog.confirm' | 'dialog.close') => view(ctx).can({ type });
const canRemove = (ctx: Ctx, clientId: string) => view(ctx).can({ type: 'app.remove', clientId });
/** Only a listed row the server called removable may be asked about. */
const mayRemove = (ctx: Ctx, clientId: string) => ctx.apps.some((app) => app.clientId === clientId && app.removable);
const settle = execDeferred((c: Ctx) => c.deferred, ['loadApps', 'revokeApp']);
const errorOf = (step: ModelStep) => (step.event as { error: unknown }).error;

describeModel(authorizedAppsMachine, {
  ...authorizedAppsExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['loadApps', 'revokeApp']);
    const actor = createActor(authorizedAppsMachine.provide({ actors: deferred.actors })).start();
    return { actor, deferred, apps: [], error: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...settle,
    'xstate.done.actor.loadApps': async (step, ctx) => {
      ctx.apps = (step.event as { output: AuthorizedApp[] }).output;
      await settle['xstate.done.actor.loadApps'](step, ctx);
    },
    'xstate.error.actor.loadApps': async (step, ctx) => {
      ctx.error = errorOf(step) === LOAD_FAILURE ? 'AnErrorOccured' : null;
      await settle['xstate.error.actor.loadApps'](step, ctx);
    },
    'xstate.done.actor.revokeApp': async (step, ctx) => {
      const remaining = (step.event as { output: AuthorizedApp | null }).output;
      ctx.apps = remaining
        ? ctx.apps.map((app) => (app.clientId === CARE.clientId ? remaining : app))
        : ctx.apps.filter((app) => app.clientId !== CARE.clientId);
      await settle['xstate.done.actor.revokeApp'](step, ctx);
    },
    'xstate.error.actor.revokeApp': async (step, ctx) => {
      ctx.error = removeFailures.find((f) => f.error === errorOf(step))?.code ?? null;
      await settle['xstate.error.actor.revokeApp'](step, ctx);
    },
    'apps.refresh': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'apps.refresh' });
    },
    'app.remove': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'app.remove', clientId: CARE.clientId });
    },
    'dialog.confirm': (_step, ctx) => ctx.actor.send({ type: 'dialog.confirm' }),
    'dialog.close': (_step, ctx) => ctx.actor.send({ type: 'dialog.close' }),
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.pending('loadApps')).toBe(1);
      // No row before the first answer; on a refresh, the rows already shown until the new answer.
      expect(view(ctx).context.apps).toEqual(ctx.apps);
      expect(view(ctx).context.error).toBeNull();
      expect(can(ctx, 'apps.refresh')).toBe(false);
    },
    loadFailed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).context.error).toBe('AnErrorOccured');
      expect(can(ctx, 'apps.refresh')).toBe(true);
      expect(canRemove(ctx, CARE.clientId)).toBe(false);
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(can(ctx, 'apps.refresh') || canRemove(ctx, CARE.clientId)).toBe(false);
    },
    ready: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.apps).toEqual(ctx.apps);
      expect(view(ctx).context.error).toBe(ctx.error);
      expect(view(ctx).context.removing).toBeNull();
      expect(can(ctx, 'apps.refresh')).toBe(true);
      expect(canRemove(ctx, CARE.clientId)).toBe(mayRemove(ctx, CARE.clientId));
      expect(canRemove(ctx, FAMILY.clientId)).toBe(mayRemove(ctx, FAMILY.clientId));
      expect(canRemove(ctx, 'unknown-client')).toBe(false);
    },
    confirming: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.removing).toBe(CARE.clientId);
      expect(view(ctx).context.apps).toEqual(ctx.apps);
      expect(can(ctx, 'dialog.confirm') && can(ctx, 'dialog.close')).toBe(true);
      expect(can(ctx, 'apps.refresh')).toBe(false);
      expect(ctx.deferred.pending('revokeApp')).toBe(0);
    },
    removing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      // The row stays until the server has answered.
      expect(view(ctx).context.apps).toEqual(ctx.apps);
      expect(ctx.deferred.pending('revokeApp')).toBe(1);
      expect(ctx.deferred.lastInput('revokeApp')).toEqual({ clientId: CARE.clientId });
      expect(can(ctx, 'dialog.close') || can(ctx, 'dialog.confirm') || can(ctx, 'apps.refresh')).toBe(false);
    },
  },
});
