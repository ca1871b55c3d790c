import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  flushMicrotasks,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import type { SignupFailure } from './signup.errors.ts';
import type { createSignupMachine, SignupField, SignupKind } from './signup.machine.ts';
import {
  CAPTCHA_TOKEN,
  filled,
  INVITED_EMAIL,
  invitationCheckFailures,
  invitationRefusal,
  resendFailures,
  signupExplore,
  submitFailures,
} from './signup.model-cases.ts';

type SignupMachine = ReturnType<typeof createSignupMachine>;

interface Ctx {
  actor: Actor<SignupMachine>;
  deferred: DeferredActors<'submitSignup' | 'resendVerification' | 'checkInvitation'>;
  /** What the reader did and what the machine must hold, tracked here independently of it. */
  typed: Record<SignupField, string>;
  terms: boolean;
  token: string | null;
  round: number;
  expectedError: SignupFailure | null;
  expectedMessage: string | null;
  /** The refusal of the last failed resend the page must word (null: its generic words). */
  expectedResendProblem: RequestProblem | null;
}

/** The first rule a form breaks, written out for the few values the model types (product.md §5 order). */
function expectedValidation(ctx: Ctx, kind: SignupKind): SignupFailure | null {
  if (ctx.typed.email === '') return { code: 'MISSING_EMAIL' };
  if (ctx.typed.password === '') return { code: 'MISSING_PASSWORD' };
  if (ctx.typed.friendlyName === '') return { code: 'MISSING_NAME' };
  if (kind === 'direct' && ctx.token === null) return { code: 'CaptchaRequired' };
  return null;
}

/**
 * Invited: the form was refused for the link's sake (the link used or replaced meanwhile, its email registered), so
 * the page asks about the link again instead of showing a form that could only fail. Written out by hand.
 */
const refusesInvitation = (error: unknown) =>
  error === invitationRefusal.error || submitFailures.find((f) => f.error === error)?.label === '409 with a message';

/** The headless model test of either signup machine: every state and transition, asserted on the actor. */
export function describeSignupMachine(machine: SignupMachine, kind: SignupKind) {
  const view = (ctx: Ctx) => ctx.actor.getSnapshot();
  const canSubmit = (ctx: Ctx) => view(ctx).can({ type: 'form.submit' });
  const canEditEmail = (ctx: Ctx) => view(ctx).can({ type: 'form.change', field: 'email', value: 'x@example.com' });

  const expectForm = (ctx: Ctx) => {
    expect(view(ctx).context).toMatchObject({
      ...ctx.typed,
      acceptTerms: ctx.terms,
      captchaToken: ctx.token,
      captchaRound: ctx.round,
      error: ctx.expectedError,
      message: null,
    });
    // Invited: the invitation fixed the email.
    expect(canEditEmail(ctx)).toBe(kind === 'direct');
    expect(view(ctx).can({ type: 'check.retry' })).toBe(false);
  };

  const signedUp = (ctx: Ctx) => {
    expect(view(ctx).context.message).toBe(ctx.expectedMessage);
    expect(canSubmit(ctx)).toBe(false);
  };

  describeModel<SignupMachine, Ctx>(machine, {
    ...signupExplore(kind),
    setup: (): Ctx => {
      const deferred = createDeferredActors(['submitSignup', 'resendVerification', 'checkInvitation']);
      const actor = createActor(machine.provide({ actors: deferred.actors })).start();
      return {
        actor,
        deferred,
        typed: { email: '', friendlyName: '', password: '' },
        terms: false,
        token: null,
        round: 0,
        expectedError: null,
        expectedMessage: null,
        expectedResendProblem: null,
      };
    },
    teardown: (ctx) => ctx.actor.stop(),
    exec: {
      'form.change': (step, ctx) => {
        const event = step.event as { type: 'form.change'; field: SignupField; value: string };
        ctx.typed[event.field] = event.value;
        ctx.actor.send(event);
      },
      'terms.accept': (_step, ctx) => {
        ctx.terms = true;
        ctx.actor.send({ type: 'terms.accept' });
      },
      'terms.decline': (_step, ctx) => {
        ctx.terms = false;
        ctx.actor.send({ type: 'terms.decline' });
      },
      'captcha.solve': (_step, ctx) => {
        ctx.token = CAPTCHA_TOKEN;
        ctx.actor.send({ type: 'captcha.solve', token: CAPTCHA_TOKEN });
      },
      'captcha.expire': (_step, ctx) => {
        ctx.token = null;
        ctx.actor.send({ type: 'captcha.expire' });
      },
      'form.submit': (_step, ctx) => {
        ctx.expectedError = expectedValidation(ctx, kind);
        ctx.actor.send({ type: 'form.submit' });
      },
      'xstate.done.actor.submitSignup': (step, ctx) => {
        ctx.expectedMessage = (step.event as { output: { message: string } }).output.message;
        return settleDeferred(ctx.deferred, step.event);
      },
      'xstate.done.actor.checkInvitation': (step, ctx) => {
        ctx.typed.email = (step.event as { output: { email: string } }).output.email;
        return settleDeferred(ctx.deferred, step.event);
      },
      'xstate.error.actor.checkInvitation': (step, ctx) => {
        const { problem, retryProblem } = invitationCheckFailures.find(
          (f) => f.error === (step.event as { error: unknown }).error,
        )!;
        ctx.expectedError = problem ? { code: problem } : (retryProblem ?? null);
        return settleDeferred(ctx.deferred, step.event);
      },
      'check.retry': (_step, ctx) => {
        ctx.expectedError = null;
        ctx.actor.send({ type: 'check.retry' });
      },
      'xstate.error.actor.submitSignup': (step, ctx) => {
        const error = (step.event as { error: unknown }).error;
        if (kind === 'invited' && refusesInvitation(error)) {
          ctx.expectedError = null;
          return settleDeferred(ctx.deferred, step.event);
        }
        ctx.expectedError = submitFailures.find((f) => f.error === error)!.failure;
        // A token is single use: the next try needs a fresh captcha.
        if (kind === 'direct') {
          ctx.token = null;
          ctx.round += 1;
        }
        return settleDeferred(ctx.deferred, step.event);
      },
      'resend.request': (_step, ctx) => ctx.actor.send({ type: 'resend.request' }),
      ...execDeferred((ctx: Ctx) => ctx.deferred, ['resendVerification']),
      'xstate.error.actor.resendVerification': (step, ctx) => {
        ctx.expectedResendProblem = resendFailures.find(
          (f) => f.error === (step.event as { error: unknown }).error,
        )!.problem;
        return settleDeferred(ctx.deferred, step.event);
      },
    },
    states: {
      'editing.termsPending': (snapshot, ctx) => {
        expectSameState(view(ctx), snapshot);
        expect(canSubmit(ctx)).toBe(false);
        expectForm(ctx);
      },
      'editing.termsAccepted': (snapshot, ctx) => {
        expectSameState(view(ctx), snapshot);
        expect(canSubmit(ctx)).toBe(true);
        expectForm(ctx);
      },
      submitting: (snapshot, ctx) => {
        expectSameState(view(ctx), snapshot);
        expect(view(ctx).hasTag('busy')).toBe(true);
        expect(canSubmit(ctx)).toBe(false);
        expect(view(ctx).context.error).toBeNull();
        expect(ctx.deferred.pending('submitSignup')).toBe(1);
        expect(ctx.deferred.lastInput('submitSignup')).toEqual({ ...ctx.typed, captchaToken: ctx.token });
      },
      ...(kind === 'direct'
        ? {
            'signedUp.idle': (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              signedUp(ctx);
              expect(ctx.deferred.inputs('resendVerification')).toEqual([]);
            },
            'signedUp.resending': (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              signedUp(ctx);
              expect(view(ctx).hasTag('busy')).toBe(true);
              expect(view(ctx).can({ type: 'resend.request' })).toBe(false);
              expect(ctx.deferred.pending('resendVerification')).toBe(1);
              expect(ctx.deferred.lastInput('resendVerification')).toEqual({ email: filled.email });
            },
            'signedUp.resent': (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              signedUp(ctx);
              expect(view(ctx).can({ type: 'resend.request' })).toBe(true);
            },
            'signedUp.resendFailed': (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              signedUp(ctx);
              expect(view(ctx).hasTag('error')).toBe(true);
              expect(view(ctx).can({ type: 'resend.request' })).toBe(true);
              expect(view(ctx).context.resendProblem).toEqual(ctx.expectedResendProblem);
            },
            'signedUp.alreadyVerified': (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              signedUp(ctx);
              expect(view(ctx).hasTag('verified')).toBe(true);
              expect(view(ctx).hasTag('error')).toBe(false);
              expect(view(ctx).can({ type: 'resend.request' })).toBe(false);
            },
          }
        : {
            signedUp: (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              expect(view(ctx).status).toBe('done');
              signedUp(ctx);
            },
            checking: (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              expect(view(ctx).hasTag('busy')).toBe(true);
              expect(canSubmit(ctx)).toBe(false);
              expect(view(ctx).context.error).toBeNull();
              expect(ctx.deferred.pending('checkInvitation')).toBe(1);
            },
            checkFailed: (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              expect(view(ctx).hasTag('error')).toBe(true);
              expect(view(ctx).can({ type: 'check.retry' })).toBe(true);
              expect(canSubmit(ctx)).toBe(false);
              // A rate limit is kept to be worded; no answer or a server error leaves only the generic words.
              expect(view(ctx).context.error).toEqual(ctx.expectedError);
            },
            invalid: (snapshot, ctx) => {
              expectSameState(view(ctx), snapshot);
              expect(view(ctx).status).toBe('done');
              expect(view(ctx).hasTag('error')).toBe(true);
              expect(view(ctx).context.error).toEqual(ctx.expectedError);
              expect(canSubmit(ctx)).toBe(false);
            },
          }),
    },
  });

  describe(`${machine.id}: the first broken rule is the one reported (product.md §5 order)`, () => {
    const cases: Array<[string, Partial<Record<SignupField, string>>, string]> = [
      ...(kind === 'direct'
        ? ([
            ['empty email', { email: '' }, 'MISSING_EMAIL'],
            ['blank email', { email: '   ', password: '' }, 'MISSING_EMAIL'],
            ['email without a domain', { email: 'ann@', password: '' }, 'EMAIL_INCORRECT_FORMAT'],
          ] as Array<[string, Partial<Record<SignupField, string>>, string]>)
        : []),
      ['empty password', { password: '', friendlyName: '' }, 'MISSING_PASSWORD'],
      ['9 characters', { password: 'Secret123', friendlyName: '' }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
      ['33 characters', { password: `${'Secret1234'.repeat(3)}abc`, friendlyName: '' }, 'PASSWORD_NOT_ENOUGH_LENGTH'],
      ['no digit', { password: 'SecretSecret', friendlyName: '' }, 'PASSWORD_NO_DIGIT'],
      ['no uppercase', { password: 'secret1234', friendlyName: '' }, 'PASSWORD_NO_UPPERCASE'],
      ['no lowercase', { password: 'SECRET1234', friendlyName: '' }, 'PASSWORD_NO_LOWERCASE'],
      ['blank name', { friendlyName: '  ' }, 'MISSING_NAME'],
    ];
    it.each(cases)('%s', async (_label, fields, code) => {
      const checkInvitation = fromPromise(async () => ({ email: INVITED_EMAIL }));
      const actor = createActor(machine.provide({ actors: { checkInvitation } })).start();
      await flushMicrotasks();
      for (const [field, value] of Object.entries({
        ...filled,
        ...(kind === 'invited' ? { email: undefined } : {}),
        ...fields,
      })) {
        if (value !== undefined) actor.send({ type: 'form.change', field: field as SignupField, value });
      }
      actor.send({ type: 'terms.accept' });
      actor.send({ type: 'form.submit' });
      expect(actor.getSnapshot().value).toEqual({ editing: 'termsAccepted' });
      expect(actor.getSnapshot().context.error).toEqual({ code });
      actor.stop();
    });
  });
}
