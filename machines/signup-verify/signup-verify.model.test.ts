import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { Region } from '../../shared-domain/account.ts';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
  type DeferredActors,
} from '../../tests/support/model-harness.ts';
import { signupVerifyMachine } from './signup-verify.machine.ts';
import { input, signupVerifyEvents } from './signup-verify.model-cases.ts';

interface Ctx {
  actor: Actor<typeof signupVerifyMachine>;
  deferred: DeferredActors<'verifyAccount' | 'resendVerification'>;
  region: Region | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canResend = (ctx: Ctx) => view(ctx).can({ type: 'resend.request' });

const invalid = (ctx: Ctx) => {
  expect(view(ctx).context.region).toBeNull();
  expect(ctx.deferred.inputs('verifyAccount')).toEqual([{ verificationToken: input.verificationToken }]);
};

describeModel(signupVerifyMachine, {
  input,
  events: signupVerifyEvents,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['verifyAccount', 'resendVerification']);
    return { deferred, region: null, actor: createActor(signupVerifyMachine.provide({ actors: deferred.actors }), { input }).start() };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['verifyAccount', 'resendVerification']),
    'xstate.done.actor.verifyAccount': (step, ctx) => {
      ctx.region = (step.event as { output: { region: Region } }).output.region;
      return settleDeferred(ctx.deferred, step.event);
    },
    'resend.request': (_step, ctx) => ctx.actor.send({ type: 'resend.request' }),
  },
  states: {
    verifying: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('verifyAccount')).toBe(1);
      expect(ctx.deferred.lastInput('verifyAccount')).toEqual({ verificationToken: input.verificationToken });
    },
    activated: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(view(ctx).context.region).toBe(ctx.region);
      expect(canResend(ctx)).toBe(false);
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
      expect(canResend(ctx)).toBe(true);
    },
  },
});
