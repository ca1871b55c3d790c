import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import { validatePassword } from '../../shared-domain/password.ts';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
  type DeferredActors,
  type ModelEvent,
} from '../../tests/support/model-harness.ts';
import type { PasswordResetFailure } from './password-reset.errors.ts';
import { passwordResetMachine } from './password-reset.machine.ts';

const TOKEN = 'tok-123';
const input = { resetToken: TOKEN };

/** Typed passwords and the first rule each breaks in the spec's order (§5), written by hand. */
const passwords: Record<string, PasswordResetFailure['code'] | null> = {
  '': 'MISSING_PASSWORD',
  short1: 'PASSWORD_NOT_ENOUGH_LENGTH', // also no uppercase: length is checked first
  abcdefghijk: 'PASSWORD_NO_DIGIT', // also no uppercase: digit comes first
  abcdefghij1: 'PASSWORD_NO_UPPERCASE',
  ABCDEFGHIJ1: 'PASSWORD_NO_LOWERCASE',
  Abcdefghij1: null,
};

const changeFailures: Array<{ label: string; error: unknown; serverMessage: string | null }> = [
  {
    label: '400 with a message',
    error: new ApiError(400, { ...apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken'), message: 'The link has expired' }),
    serverMessage: 'The link has expired',
  },
  {
    label: '500',
    error: new ApiError(500, { ...apiErrorBody(GenericCode.INTERNAL, 'InternalError'), message: 'Internal server error' }),
    serverMessage: null,
  },
  { label: 'network failure', error: new ApiError(0, null), serverMessage: null },
];

const events: ModelEvent[] = [
  ...Object.keys(passwords).map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'xstate.done.actor.checkResetToken', output: undefined },
  { type: 'xstate.error.actor.checkResetToken', error: new ApiError(400, apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken')) },
  { type: 'xstate.error.actor.checkResetToken', error: new ApiError(0, null) },
  { type: 'xstate.done.actor.changePassword', output: { message: 'Your password has been changed' } },
  { type: 'xstate.done.actor.changePassword', output: { message: '' } },
  ...changeFailures.map(({ error }) => ({ type: 'xstate.error.actor.changePassword' as const, error })),
];

interface Ctx {
  actor: Actor<typeof passwordResetMachine>;
  deferred: DeferredActors<'checkResetToken' | 'changePassword'>;
  typed: string;
  expectedError: PasswordResetFailure | null;
  expectedMessage: string | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
const canType = (ctx: Ctx) => view(ctx).can({ type: 'form.change', value: 'x' });

describeModel(passwordResetMachine, {
  input,
  events,
  // Guards read only which rule the password breaks.
  serializeContext: (context) => ({ invalid: validatePassword(context.password) }),
  setup: (): Ctx => {
    const deferred = createDeferredActors(['checkResetToken', 'changePassword']);
    const actor = createActor(passwordResetMachine.provide({ actors: deferred.actors }), { input }).start();
    return { actor, deferred, typed: '', expectedError: null, expectedMessage: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'form.change': (step, ctx) => {
      ctx.typed = (step.event as unknown as { value: string }).value;
      ctx.actor.send({ type: 'form.change', value: ctx.typed });
    },
    'form.submit': (_step, ctx) => {
      const code = passwords[ctx.typed];
      ctx.expectedError = code ? { code, serverMessage: null } : null;
      ctx.actor.send({ type: 'form.submit' });
    },
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['checkResetToken']),
    'xstate.done.actor.changePassword': (step, ctx) => {
      ctx.expectedMessage = (step.event as { output: { message: string } }).output.message || null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.changePassword': (step, ctx) => {
      const failure = changeFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
      ctx.expectedError = { code: 'AnErrorOccured', serverMessage: failure.serverMessage };
      return settleDeferred(ctx.deferred, step.event);
    },
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canType(ctx)).toBe(false);
      expect(ctx.deferred.inputs('checkResetToken')).toEqual([{ resetToken: TOKEN }]);
    },
    valid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(true);
      expect(canType(ctx)).toBe(true);
      expect(view(ctx).context).toMatchObject({ password: ctx.typed, error: ctx.expectedError, message: null });
    },
    submitting: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('changePassword')).toBe(1);
      expect(ctx.deferred.lastInput('changePassword')).toEqual({ resetToken: TOKEN, password: 'Abcdefghij1' });
    },
    success: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canType(ctx)).toBe(false);
      expect(view(ctx).context).toMatchObject({ message: ctx.expectedMessage, password: '', error: null });
    },
    invalid: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(canType(ctx)).toBe(false);
      expect(ctx.deferred.pending('changePassword')).toBe(0);
    },
  },
});
