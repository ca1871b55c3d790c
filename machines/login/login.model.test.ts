import { expect, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { loginAccount } from '#shared-domain/login.ts';
import {
  advanceTimers,
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import type { LoginFailure } from './login.errors.ts';
import { loginMachine } from './login.machine.ts';
import { LOCK_SECONDS, LOCKING, LOGIN_INPUT, loginExplore, submitFailures } from './login.model-cases.ts';

const input = LOGIN_INPUT;

interface Ctx {
  actor: Actor<typeof loginMachine>;
  deferred: DeferredActors<'resumeSession' | 'submitLogin'>;
  /** What the user typed and what the page must show, tracked here independently of the machine. */
  typed: { username: string; password: string };
  expectedError: LoginFailure['code'] | null;
  expectedRedirect: string | null;
  /** The account locked by the last answer and until when, as the test worked it out. */
  lock: { account: string; until: number } | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
const canType = (ctx: Ctx) => view(ctx).can({ type: 'form.change', field: 'username', value: 'x' });

describeModel(loginMachine, {
  ...loginExplore,
  setup: (start): Ctx => {
    vi.useFakeTimers();
    const deferred = createDeferredActors(['resumeSession', 'submitLogin']);
    const actor = createActor(loginMachine.provide({ actors: deferred.actors }), {
      input: start as typeof input,
    }).start();
    return {
      actor,
      deferred,
      typed: { username: '', password: '' },
      expectedError: null,
      expectedRedirect: null,
      lock: null,
    };
  },
  teardown: (ctx) => {
    ctx.actor.stop();
    vi.useRealTimers();
  },
  exec: {
    'form.change': (step, ctx) => {
      const event = step.event as { type: 'form.change'; field: 'username' | 'password'; value: string };
      ctx.typed[event.field] = event.value;
      if (event.field === 'username' && ctx.lock) {
        // Another account is not locked; the locked one is again as soon as its email is back.
        const wasLocked = step.previous!.matches('locked');
        if (loginAccount(event.value) === ctx.lock.account) ctx.expectedError = 'AccountLocked';
        else if (wasLocked) ctx.expectedError = null;
      }
      ctx.actor.send(event);
    },
    'form.submit': (_step, ctx) => {
      const { username, password } = ctx.typed;
      ctx.expectedError = username.trim() === '' ? 'MISSING_EMAIL' : password === '' ? 'MISSING_PASSWORD' : null;
      ctx.actor.send({ type: 'form.submit' });
    },
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['resumeSession']),
    'xstate.done.actor.resumeSession': (step, ctx) => {
      ctx.expectedRedirect = (step.event as { output: { redirect: string } | null }).output?.redirect ?? null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.done.actor.submitLogin': (step, ctx) => {
      ctx.expectedRedirect = (step.event as { output: { redirect: string } }).output.redirect;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.submitLogin': (step, ctx) => {
      const failure = submitFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
      ctx.expectedError = failure.code;
      if (failure === LOCKING)
        ctx.lock = { account: loginAccount(ctx.typed.username), until: Date.now() + LOCK_SECONDS * 1000 };
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.after.lockExpired.login.locked': async (_step, ctx) => {
      // The lock holds to the last millisecond the server announced, and not one more.
      await advanceTimers(LOCK_SECONDS * 1000 - 1);
      expect(view(ctx).value).toBe('locked');
      await advanceTimers(1);
      ctx.expectedError = null;
      ctx.lock = null;
    },
  },
  states: {
    resuming: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(ctx.deferred.inputs('resumeSession')).toEqual([{ returnTo: input.returnTo }]);
    },
    editing: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(true);
      expect(canType(ctx)).toBe(true);
      expect(view(ctx).context.error?.code ?? null).toBe(ctx.expectedError);
      expect(view(ctx).context).toMatchObject({ ...ctx.typed, redirect: null });
      // No cookie, no question to the server: the form is there from the first render.
      if (!view(ctx).context.sessionCookie) expect(ctx.deferred.inputs('resumeSession')).toEqual([]);
      // The lock is remembered for its account while another one is typed.
      expect(view(ctx).context.lockedAccount).toBe(ctx.lock?.account ?? null);
      expect(view(ctx).context.lockedUntil).toBe(ctx.lock?.until ?? null);
    },
    submitting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('submitLogin')).toBe(1);
      expect(ctx.deferred.lastInput('submitLogin')).toEqual({
        ...ctx.typed,
        returnTo: input.returnTo,
        shortLived: input.shortLived,
      });
    },
    locked: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(canType(ctx)).toBe(true);
      expect(view(ctx).context.error).toEqual({ code: 'AccountLocked', lockSeconds: LOCK_SECONDS });
      expect(loginAccount(view(ctx).context.username)).toBe(ctx.lock!.account);
      expect(view(ctx).context).toMatchObject({
        ...ctx.typed,
        lockedAccount: ctx.lock!.account,
        lockedUntil: ctx.lock!.until,
      });
    },
    redirecting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.redirect).toBe(ctx.expectedRedirect);
    },
    needsVerification: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.username).toBe(ctx.typed.username);
    },
  },
});
