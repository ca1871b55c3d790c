import { expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  flushMicrotasks,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import type { PasswordResetFailure } from './password-reset.errors.ts';
import { passwordResetMachine } from './password-reset.machine.ts';
import {
  CHANGED_MESSAGE,
  changeFailures,
  checkFailures,
  PASSWORD_RESET_INPUT,
  passwordResetExplore,
  passwords,
  TOKEN,
  VALID_PASSWORD,
} from './password-reset.model-cases.ts';

const input = PASSWORD_RESET_INPUT;

interface Ctx {
  actor: Actor<typeof passwordResetMachine>;
  deferred: DeferredActors<'checkResetToken' | 'changePassword'>;
  typed: string;
  expectedError: PasswordResetFailure | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
const canType = (ctx: Ctx) => view(ctx).can({ type: 'form.change', value: 'x' });

describeModel(passwordResetMachine, {
  ...passwordResetExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['checkResetToken', 'changePassword']);
    const actor = createActor(passwordResetMachine.provide({ actors: deferred.actors }), { input }).start();
    return { actor, deferred, typed: '', expectedError: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'form.change': (step, ctx) => {
      ctx.typed = (step.event as unknown as { value: string }).value;
      ctx.actor.send({ type: 'form.change', value: ctx.typed });
    },
    'form.submit': (_step, ctx) => {
      const { code } = passwords[ctx.typed];
      ctx.expectedError = code ? { code } : null;
      ctx.actor.send({ type: 'form.submit' });
    },
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['checkResetToken', 'changePassword']),
    'check.retry': (_step, ctx) => {
      ctx.expectedError = null;
      ctx.actor.send({ type: 'check.retry' });
    },
    'xstate.error.actor.checkResetToken': (step, ctx) => {
      const { invalid, problem } = checkFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
      ctx.expectedError = invalid ? null : problem;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.changePassword': (step, ctx) => {
      ctx.expectedError = changeFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.failure;
      return settleDeferred(ctx.deferred, step.event);
    },
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canType(ctx)).toBe(false);
      // Checked again after a failure: its words are gone while the new answer is awaited.
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('checkResetToken')).toBe(1);
      expect(ctx.deferred.lastInput('checkResetToken')).toEqual({ resetToken: TOKEN });
    },
    checkFailed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).can({ type: 'check.retry' })).toBe(true);
      expect(canType(ctx)).toBe(false);
      expect(ctx.deferred.pending('checkResetToken')).toBe(0);
      // A rate limit is kept to be worded; no answer or a server error leaves nothing to say but the generic words.
      expect(view(ctx).context.error).toEqual(ctx.expectedError);
    },
    valid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(true);
      expect(canType(ctx)).toBe(true);
      expect(view(ctx).context).toMatchObject({ password: ctx.typed, message: null });
      expect(view(ctx).context.error).toEqual(ctx.expectedError);
    },
    submitting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('changePassword')).toBe(1);
      expect(ctx.deferred.lastInput('changePassword')).toEqual({ resetToken: TOKEN, password: VALID_PASSWORD });
    },
    success: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canType(ctx)).toBe(false);
      // The password leaves memory once it is set.
      expect(view(ctx).context).toMatchObject({ message: CHANGED_MESSAGE, password: '', error: null });
    },
    invalid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(canType(ctx)).toBe(false);
      expect(view(ctx).can({ type: 'check.retry' })).toBe(false);
      expect(ctx.deferred.pending('changePassword')).toBe(0);
    },
  },
});

it('keeps no message when the server confirms without one, so the page uses its own words', async () => {
  const deferred = createDeferredActors(['checkResetToken', 'changePassword']);
  const actor = createActor(passwordResetMachine.provide({ actors: deferred.actors }), { input }).start();
  deferred.resolve('checkResetToken', undefined);
  await flushMicrotasks();
  actor.send({ type: 'form.change', value: VALID_PASSWORD });
  actor.send({ type: 'form.submit' });
  deferred.resolve('changePassword', { message: ' ' });
  await flushMicrotasks();
  expect(actor.getSnapshot().value).toBe('success');
  expect(actor.getSnapshot().context.message).toBeNull();
  actor.stop();
});
