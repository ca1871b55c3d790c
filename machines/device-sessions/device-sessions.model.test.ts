import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { DeviceSession, DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type ModelStep,
} from '#tests/support/model-harness.ts';
import type { DeviceSessionsErrorCode } from './device-sessions.errors.ts';
import { deviceSessionsMachine } from './device-sessions.machine.ts';
import { deviceSessionsExplore, failures, HERE, MEMBER_PC } from './device-sessions.model-cases.ts';

type Id = 'loadSessions' | 'revokeSession' | 'revokeAllSessions';

interface Ctx {
  actor: Actor<typeof deviceSessionsMachine>;
  deferred: DeferredActors<Id>;
  /** What the list must hold and which error must show, tracked independently of the machine. */
  sessions: DeviceSession[];
  error: DeviceSessionsErrorCode | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const can = (ctx: Ctx, type: 'sessions.refresh' | 'sessions.revokeAll' | 'dialog.confirm' | 'dialog.close') =>
  view(ctx).can({ type });
const canRevoke = (ctx: Ctx, id: string) => view(ctx).can({ type: 'session.revoke', id });
const settle = (id: Id) => execDeferred((c: Ctx) => c.deferred, [id]);
const errorOf = (step: ModelStep) => (step.event as { error: unknown }).error;

describeModel(deviceSessionsMachine, {
  ...deviceSessionsExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors<Id>(['loadSessions', 'revokeSession', 'revokeAllSessions']);
    const actor = createActor(deviceSessionsMachine.provide({ actors: deferred.actors })).start();
    return { actor, deferred, sessions: [], error: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'xstate.done.actor.loadSessions': async (step, ctx) => {
      ctx.sessions = (step.event as { output: DeviceSessionsData }).output.sessions;
      await settle('loadSessions')['xstate.done.actor.loadSessions'](step, ctx);
    },
    'xstate.error.actor.loadSessions': async (step, ctx) => {
      ctx.error = errorOf(step) === failures.NO_SESSION ? null : 'AnErrorOccured';
      await settle('loadSessions')['xstate.error.actor.loadSessions'](step, ctx);
    },
    'xstate.done.actor.revokeSession': async (step, ctx) => {
      ctx.sessions = ctx.sessions.filter((s) => s.id !== MEMBER_PC.id);
      await settle('revokeSession')['xstate.done.actor.revokeSession'](step, ctx);
    },
    'xstate.error.actor.revokeSession': async (step, ctx) => {
      const error = errorOf(step);
      if (error === failures.GONE) ctx.sessions = ctx.sessions.filter((s) => s.id !== MEMBER_PC.id);
      if (error === failures.INTERNAL) ctx.error = 'RevokeSessionFailed';
      await settle('revokeSession')['xstate.error.actor.revokeSession'](step, ctx);
    },
    'xstate.done.actor.revokeAllSessions': async (step, ctx) => {
      ctx.sessions = ctx.sessions.filter((s) => s.current);
      await settle('revokeAllSessions')['xstate.done.actor.revokeAllSessions'](step, ctx);
    },
    'xstate.error.actor.revokeAllSessions': async (step, ctx) => {
      if (errorOf(step) === failures.INTERNAL) ctx.error = 'RevokeAllSessionsFailed';
      await settle('revokeAllSessions')['xstate.error.actor.revokeAllSessions'](step, ctx);
    },
    'sessions.refresh': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'sessions.refresh' });
    },
    'session.revoke': (_step, ctx) => ctx.actor.send({ type: 'session.revoke', id: MEMBER_PC.id }),
    'sessions.revokeAll': (_step, ctx) => ctx.actor.send({ type: 'sessions.revokeAll' }),
    'dialog.confirm': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'dialog.confirm' });
    },
    'dialog.close': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'dialog.close' });
    },
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.deferred.pending('loadSessions')).toBe(1);
      // No row before the first answer (nor a user to name one by); on a refresh, the rows already shown.
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      if (ctx.sessions.length === 0) expect(view(ctx).context.users).toEqual([]);
      expect(view(ctx).context.error).toBeNull();
      expect(can(ctx, 'sessions.refresh') || can(ctx, 'sessions.revokeAll')).toBe(false);
    },
    loadFailed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect([...view(ctx).tags].sort()).toEqual(['error']);
      expect(view(ctx).context.error).toBe('AnErrorOccured');
      expect(can(ctx, 'sessions.refresh')).toBe(true);
      expect(canRevoke(ctx, MEMBER_PC.id) || can(ctx, 'sessions.revokeAll')).toBe(false);
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(can(ctx, 'sessions.refresh')).toBe(false);
    },
    'list.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      expect(view(ctx).context.error).toBeNull();
      expect(view(ctx).context.selectedId).toBeNull();
      expect(can(ctx, 'sessions.refresh')).toBe(true);
      // The page's own session is never revocable here; the others are while listed.
      expect(canRevoke(ctx, HERE.id)).toBe(false);
      expect(canRevoke(ctx, MEMBER_PC.id)).toBe(ctx.sessions.includes(MEMBER_PC));
      expect(can(ctx, 'sessions.revokeAll')).toBe(ctx.sessions.some((s) => !s.current));
    },
    'list.confirmRevoke': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.selectedId).toBe(MEMBER_PC.id);
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      expect(view(ctx).context.error).toBe(ctx.error);
      expect(can(ctx, 'dialog.confirm') && can(ctx, 'dialog.close')).toBe(true);
      expect(can(ctx, 'sessions.refresh') || can(ctx, 'sessions.revokeAll')).toBe(false);
      expect(ctx.deferred.pending('revokeSession')).toBe(0);
    },
    'list.revoking': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      // The row stays until the server has answered.
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      expect(ctx.deferred.pending('revokeSession')).toBe(1);
      expect(ctx.deferred.lastInput('revokeSession')).toEqual({ id: MEMBER_PC.id });
      expect(can(ctx, 'dialog.close') || can(ctx, 'dialog.confirm') || can(ctx, 'sessions.refresh')).toBe(false);
    },
    'list.confirmRevokeAll': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      expect(view(ctx).context.error).toBe(ctx.error);
      expect(can(ctx, 'dialog.confirm') && can(ctx, 'dialog.close')).toBe(true);
      expect(ctx.deferred.pending('revokeAllSessions')).toBe(0);
    },
    'list.revokingAll': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.sessions).toEqual(ctx.sessions);
      expect(ctx.deferred.pending('revokeAllSessions')).toBe(1);
      expect(can(ctx, 'dialog.close') || can(ctx, 'dialog.confirm') || can(ctx, 'sessions.refresh')).toBe(false);
    },
  },
});
