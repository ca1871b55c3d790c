import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  type DeferredActors,
} from '../../tests/support/model-harness.ts';
import { signupResendMachine } from './signup-resend.machine.ts';
import { input, signupResendEvents } from './signup-resend.model-cases.ts';

interface Ctx {
  actor: Actor<typeof signupResendMachine>;
  deferred: DeferredActors<'checkVerification' | 'resendVerification'>;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const canResend = (ctx: Ctx) => view(ctx).can({ type: 'resend.request' });
const checked = (ctx: Ctx) => expect(ctx.deferred.inputs('checkVerification')).toEqual([{ email: input.email }]);

describeModel(signupResendMachine, {
  input,
  events: signupResendEvents,
  setup: (): Ctx => {
    const deferred = createDeferredActors(['checkVerification', 'resendVerification']);
    return { deferred, actor: createActor(signupResendMachine.provide({ actors: deferred.actors }), { input }).start() };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    ...execDeferred((ctx: Ctx) => ctx.deferred, ['checkVerification', 'resendVerification']),
    'resend.request': (_step, ctx) => ctx.actor.send({ type: 'resend.request' }),
  },
  states: {
    checking: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('checkVerification')).toBe(1);
      checked(ctx);
    },
    verified: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
      expect(canResend(ctx)).toBe(false);
    },
    'needsVerification.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      checked(ctx);
      expect(canResend(ctx)).toBe(true);
      expect(ctx.deferred.inputs('resendVerification')).toEqual([]);
    },
    'needsVerification.resending': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expect(canResend(ctx)).toBe(false);
      expect(ctx.deferred.pending('resendVerification')).toBe(1);
      expect(ctx.deferred.lastInput('resendVerification')).toEqual({ email: input.email });
    },
    'needsVerification.resent': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(canResend(ctx)).toBe(true);
      expect(view(ctx).hasTag('error')).toBe(false);
    },
    'needsVerification.resendFailed': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(canResend(ctx)).toBe(true);
    },
  },
});
