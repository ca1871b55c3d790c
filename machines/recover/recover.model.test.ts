import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode, ServerCode } from '../../shared-domain/error-codes.ts';
import {
  createDeferredActors,
  describeModel,
  execDeferred,
  expectSameState,
  settleDeferred,
  type DeferredActors,
  type ModelEvent,
} from '../../tests/support/model-harness.ts';
import { validateRecoverEmail, type RecoverErrorCode } from './recover.errors.ts';
import { recoverMachine, type ResendOutcome } from './recover.machine.ts';

const input = { email: '' };
const ADDRESS = 'ann@example.com';

/** What the server can answer, and what the page must then show (written by hand). */
const sendFailures: Array<{ label: string; error: unknown; code: RecoverErrorCode }> = [
  { label: '400 code 82', error: new ApiError(400, apiErrorBody(ServerCode.EmailNotRegistered, 'EmailNotRegistered')), code: 'EmailNotRegistered' },
  { label: '429', error: new ApiError(429, apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited')), code: 'AnErrorOccured' },
  { label: 'network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];
const resendFailures: Array<{ label: string; error: unknown; outcome: ResendOutcome }> = [
  {
    label: '429 with a message',
    error: new ApiError(429, { ...apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited'), message: 'Too many requests' }),
    outcome: { kind: 'failed', serverMessage: 'Too many requests' },
  },
  {
    // A 5xx body holds only the error handler's generic line: the page's own words read better.
    label: '500',
    error: new ApiError(500, { ...apiErrorBody(GenericCode.INTERNAL, 'InternalError'), message: 'Internal server error' }),
    outcome: { kind: 'failed', serverMessage: null },
  },
  { label: 'network failure', error: new ApiError(0, null), outcome: { kind: 'failed', serverMessage: null } },
];

const events: ModelEvent[] = [
  ...['', 'ann@', ` ${ADDRESS} `].map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'recovery.resend' },
  { type: 'xstate.done.actor.sendRecovery', output: undefined },
  ...sendFailures.map(({ error }) => ({ type: 'xstate.error.actor.sendRecovery' as const, error })),
  { type: 'xstate.done.actor.resendRecovery', output: undefined },
  ...resendFailures.map(({ error }) => ({ type: 'xstate.error.actor.resendRecovery' as const, error })),
];

function describeEvent(event: ModelEvent): string {
  const e = event as { type: string; value?: string; error?: unknown };
  if (e.type === 'form.change') return `email = ${JSON.stringify(e.value)}`;
  if (e.type === 'xstate.error.actor.sendRecovery') return `sendRecovery fails ${sendFailures.find((f) => f.error === e.error)!.label}`;
  if (e.type === 'xstate.error.actor.resendRecovery') return `resendRecovery fails ${resendFailures.find((f) => f.error === e.error)!.label}`;
  if (e.type.startsWith('xstate.done.actor.')) return `${e.type.slice(18)} succeeds`;
  return e.type;
}

interface Ctx {
  actor: Actor<typeof recoverMachine>;
  deferred: DeferredActors<'sendRecovery' | 'resendRecovery'>;
  typed: string;
  expectedError: RecoverErrorCode | null;
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
  input,
  events,
  describeEvent,
  // Guards read only whether the field passes the email rule; the resend outcome is what the confirmation shows, and
  // keeping it lets paths resend again after a failure.
  serializeContext: (context) => ({ invalid: validateRecoverEmail(context.email), resend: context.resend?.kind ?? null }),
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
      const value = ctx.typed.trim();
      ctx.expectedError = value === '' ? 'PleaseFillInEmail' : !value.includes('.') ? 'EmailInIncorrectFormat' : null;
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
      ctx.expectedResend = resendFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.outcome;
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
      // The address goes out without the spaces a paste brings along.
      expect(ctx.deferred.lastInput('sendRecovery')).toEqual({ email: ADDRESS });
    },
    success: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(false);
      expect(canSubmit(ctx)).toBe(false);
      expect(canResend(ctx)).toBe(true);
      // Spec §4: the email field is cleared; the confirmation still names the address.
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
