import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { validateEmail } from '#shared-domain/email.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import { type SignupResendFailure, signupResendMachine } from './signup-resend.machine.ts';
import { checkFailures, input, resendFailures, signupResendExplore } from './signup-resend.model-cases.ts';

interface Ctx {
  actor: Actor<typeof signupResendMachine>;
  deferred: DeferredActors<'checkVerification' | 'resendVerification'>;
  /** The address the page works with, tracked here independently of the machine. */
  email: string;
  expectedError: SignupResendFailure | null;
  /** The refusal the verify-needed view must word after its last resend failed (null: its generic words). */
  expectedResendProblem: RequestProblem | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canResend = (ctx: Ctx) => view(ctx).can({ type: 'resend.request' });
const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
const checked = (ctx: Ctx) => expect(ctx.deferred.inputs('checkVerification').at(-1)).toEqual({ email: input.email });

const needsVerification = (ctx: Ctx) => {
  expect(view(ctx).context.email).toBe(ctx.email);
  expect(canSubmit(ctx)).toBe(false);
  expect(view(ctx).can({ type: 'form.change', value: 'x' })).toBe(false);
  expect(view(ctx).context.error).toBeNull();
};

describeModel(signupResendMachine, {
  ...signupResendExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['checkVerification', 'resendVerification']);
    const actor = createActor(signupResendMachine.provide({ actors: deferred.actors }), { input }).start();
    return { deferred, actor, email: input.email, expectedError: null, expectedResendProblem: null };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['checkVerification', 'resendVerification']),
    'xstate.error.actor.checkVerification': (step, ctx) => {
      const { outcome } = checkFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
      if (typeof outcome === 'object') ctx.expectedError = 'asking' in outcome ? outcome.asking : outcome.checkFailed;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.resendVerification': (step, ctx) => {
      const { fromForm, fromView } = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!;
      if (view(ctx).matches('sending') && fromForm !== 'verified') ctx.expectedError = fromForm;
      if (view(ctx).matches('needsVerification')) ctx.expectedResendProblem = fromView;
      return settleDeferred(ctx.deferred, step.event);
    },
    'check.retry': (_step, ctx) => {
      ctx.expectedError = null;
      ctx.actor.send({ type: 'check.retry' });
    },
    'form.change': (step, ctx) => {
      ctx.email = (step.event as unknown as { value: string }).value;
      ctx.actor.send({ type: 'form.change', value: ctx.email });
    },
    'form.submit': (_step, ctx) => {
      // The shared rule is the machine's too; the model typed one case of each, so this only names them.
      const code = validateEmail(ctx.email);
      ctx.expectedError = code ? { code } : null;
      ctx.actor.send({ type: 'form.submit' });
    },
    'resend.request': (_step, ctx) => ctx.actor.send({ type: 'resend.request' }),
  },
  states: {
    checking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(canSubmit(ctx)).toBe(false);
      // Checked again after a failure: its words are gone while the new answer is awaited.
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('checkVerification')).toBe(1);
      checked(ctx);
    },
    checkFailed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).can({ type: 'check.retry' })).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(canSubmit(ctx)).toBe(false);
      // A rate limit is kept to be worded; no answer leaves nothing to say but the generic words.
      expect(view(ctx).context.error).toEqual(ctx.expectedError);
    },
    asking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context).toEqual({ email: ctx.email, error: ctx.expectedError, resendProblem: null });
      expect(canSubmit(ctx)).toBe(true);
      expect(canResend(ctx)).toBe(false);
    },
    sending: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canSubmit(ctx)).toBe(false);
      expect(view(ctx).context.error).toBeNull();
      expect(ctx.deferred.pending('resendVerification')).toBe(1);
      expect(ctx.deferred.lastInput('resendVerification')).toEqual({ email: ctx.email });
    },
    verified: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('verified')).toBe(true);
      expect(canResend(ctx)).toBe(false);
    },
    'needsVerification.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      needsVerification(ctx);
      checked(ctx);
      expect(canResend(ctx)).toBe(true);
      expect(ctx.deferred.inputs('resendVerification')).toEqual([]);
    },
    'needsVerification.resending': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      needsVerification(ctx);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('resendVerification')).toBe(1);
      expect(ctx.deferred.lastInput('resendVerification')).toEqual({ email: ctx.email });
    },
    'needsVerification.resent': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      needsVerification(ctx);
      expect(canResend(ctx)).toBe(true);
      expect(view(ctx).hasTag('error')).toBe(false);
    },
    'needsVerification.resendFailed': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      needsVerification(ctx);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).context.resendProblem).toEqual(ctx.expectedResendProblem);
      expect(canResend(ctx)).toBe(true);
    },
    'needsVerification.alreadyVerified': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      needsVerification(ctx);
      // The page leaves for login on this tag, as it does from `verified`.
      expect(view(ctx).hasTag('verified')).toBe(true);
      expect(canResend(ctx)).toBe(false);
    },
  },
});
