import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Region } from '#shared-domain/account.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import { signupVerifyMachine, type VerifyAccountOutput } from './signup-verify.machine.ts';
import { input, resendFailures, signupVerifyExplore, verifyFailures } from './signup-verify.model-cases.ts';

interface Ctx {
  actor: Actor<typeof signupVerifyMachine>;
  deferred: DeferredActors<'verifyAccount' | 'resendVerification'>;
  region: Region | null;
  /** The refusals the page must word, as the test worked them out (null: its generic words). */
  problem: RequestProblem | null;
  resendProblem: RequestProblem | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canResend = (ctx: Ctx) => view(ctx).can({ type: 'resend.request' });
const canRetry = (ctx: Ctx) => view(ctx).can({ type: 'verify.retry' });

const invalid = (ctx: Ctx) => {
  expect(view(ctx).context.region).toBeNull();
  expect(view(ctx).context.problem).toBeNull();
  expect(canRetry(ctx)).toBe(false);
  expect(ctx.deferred.inputs('verifyAccount').at(-1)).toEqual({ verificationToken: input.verificationToken });
};

describeModel(signupVerifyMachine, {
  ...signupVerifyExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['verifyAccount', 'resendVerification']);
    const actor = createActor(signupVerifyMachine.provide({ actors: deferred.actors }), { input }).start();
    return { deferred, region: null, problem: null, resendProblem: null, actor };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['verifyAccount', 'resendVerification']),
    'xstate.done.actor.verifyAccount': (step, ctx) => {
      const output = (step.event as { output: VerifyAccountOutput }).output;
      ctx.region = output.alreadyVerified ? null : output.region;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.verifyAccount': (step, ctx) => {
      ctx.problem = verifyFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.problem;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.resendVerification': (step, ctx) => {
      ctx.resendProblem = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.problem;
      return settleDeferred(ctx.deferred, step.event);
    },
    'verify.retry': (_step, ctx) => {
      ctx.problem = null;
      ctx.actor.send({ type: 'verify.retry' });
    },
    'resend.request': (_step, ctx) => ctx.actor.send({ type: 'resend.request' }),
  },
  states: {
    verifying: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      // Tried again after a failure: its words are gone while the new answer is awaited.
      expect(view(ctx).context.problem).toBeNull();
      expect(ctx.deferred.pending('verifyAccount')).toBe(1);
      expect(ctx.deferred.lastInput('verifyAccount')).toEqual({ verificationToken: input.verificationToken });
    },
    activated: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.region).toBe(ctx.region);
      expect(canResend(ctx)).toBe(false);
    },
    alreadyActive: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).hasTag('error')).toBe(false);
      expect(canResend(ctx)).toBe(false);
    },
    failed: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(canRetry(ctx)).toBe(true);
      // A link the server never judged is not called invalid, so no resend is offered for it.
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('verifyAccount')).toBe(0);
      expect(view(ctx).context.problem).toEqual(ctx.problem);
    },
    'invalid.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      invalid(ctx);
      expect(canResend(ctx)).toBe(true);
      expect(ctx.deferred.inputs('resendVerification')).toEqual([]);
    },
    'invalid.resending': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      invalid(ctx);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('resendVerification')).toBe(1);
      expect(ctx.deferred.lastInput('resendVerification')).toEqual({ email: input.email });
    },
    'invalid.resent': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      invalid(ctx);
      expect(view(ctx).hasTag('error')).toBe(false);
      expect(canResend(ctx)).toBe(true);
    },
    'invalid.resendFailed': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      invalid(ctx);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(view(ctx).context.resendProblem).toEqual(ctx.resendProblem);
      expect(canResend(ctx)).toBe(true);
    },
    'invalid.alreadyVerified': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      invalid(ctx);
      expect(view(ctx).hasTag('verified')).toBe(true);
      expect(view(ctx).hasTag('error')).toBe(false);
      // Nothing left to resend.
      expect(canResend(ctx)).toBe(false);
    },
  },
});
