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
import type { RecoverFailure } from './recover.errors.ts';
import { type ResendOutcome, recoverMachine } from './recover.machine.ts';
import {
  ADDRESS,
  RECOVER_INPUT,
  recoverExplore,
  resendFailures,
  sendFailures,
  typedEmails,
} from './recover.model-cases.ts';

const input = RECOVER_INPUT;

interface Ctx {
  actor: Actor<typeof recoverMachine>;
  deferred: DeferredActors<'sendRecovery' | 'resendRecovery'>;
  typed: string;
  expectedError: RecoverFailure | null;
  expectedResend: ResendOutcome | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
const canResend = (ctx: Ctx) => view(ctx).can({ type: 'recovery.resend' });

function expectForm(ctx: Ctx) {
  expect(view(ctx).hasTag('busy')).toBe(false);
  expect(canSubmit(ctx)).toBe(true);
  expect(canResend(ctx)).toBe(false);
  expect(view(ctx).context).toMatchObject({ email: ctx.typed, error: ctx.expectedError, sentTo: null });
}

describeModel(recoverMachine, {
  ...recoverExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['sendRecovery', 'resendRecovery']);
    const actor = createActor(recoverMachine.provide({ actors: deferred.actors }), { input }).start();
    return { actor, deferred, typed: '', expectedError: null, expectedResend: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'form.change': (step, ctx) => {
      ctx.typed = (step.event as unknown as { value: string }).value;
      ctx.actor.send({ type: 'form.change', value: ctx.typed });
    },
    'form.submit': (_step, ctx) => {
      ctx.expectedError = typedEmails[ctx.typed];
      ctx.actor.send({ type: 'form.submit' });
    },
    'recovery.resend': (_step, ctx) => {
      ctx.expectedResend = null;
      ctx.actor.send({ type: 'recovery.resend' });
    },
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['sendRecovery']),
    'xstate.error.actor.sendRecovery': (step, ctx) => {
      ctx.expectedError = sendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.code;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.done.actor.resendRecovery': (step, ctx) => {
      ctx.expectedResend = { kind: 'resent' };
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.resendRecovery': (step, ctx) => {
      const { serverMessage, problem } = resendFailures.find(
        (f) => f.error === (step.event as { error: unknown }).error,
      )!;
      ctx.expectedResend = { kind: 'failed', serverMessage, problem };
      return settleDeferred(ctx.deferred, step.event);
    },
  },
  states: {
    idle: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectForm(ctx);
    },
    error: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expectForm(ctx);
    },
    sending: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('sendRecovery')).toBe(1);
      expect(ctx.deferred.lastInput('sendRecovery')).toEqual({ email: ADDRESS });
    },
    success: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(false);
      expect(canResend(ctx)).toBe(true);
      // product.md §4: the email field is cleared; the confirmation still names the address.
      expect(view(ctx).context).toMatchObject({ email: '', sentTo: ADDRESS, error: null, resend: ctx.expectedResend });
    },
    resending: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(view(ctx).context.resend).toBeNull();
      expect(ctx.deferred.pending('resendRecovery')).toBe(1);
      expect(ctx.deferred.lastInput('resendRecovery')).toEqual({ email: ADDRESS });
    },
  },
});

it('sends and keeps the address without the spaces a paste brings along', async () => {
  const deferred = createDeferredActors(['sendRecovery', 'resendRecovery']);
  const actor = createActor(recoverMachine.provide({ actors: deferred.actors }), {
    input: { email: ` ${ADDRESS} ` },
  }).start();
  actor.send({ type: 'form.submit' });
  expect(deferred.lastInput('sendRecovery')).toEqual({ email: ADDRESS });
  deferred.resolve('sendRecovery', undefined);
  await flushMicrotasks();
  expect(actor.getSnapshot().context).toMatchObject({ email: '', sentTo: ADDRESS });
  actor.send({ type: 'recovery.resend' });
  expect(deferred.lastInput('resendRecovery')).toEqual({ email: ADDRESS });
  actor.stop();
});
