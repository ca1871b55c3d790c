import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode, ServerCode, ValidationCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';
import type { SignupResendContext, SignupResendErrorCode } from './signup-resend.machine.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { email: 'ann@example.com' };
/** What the reader types into the email form: a good address, one without a domain, or nothing. */
export const TYPED_EMAIL = 'bob@example.com';
export const MALFORMED_EMAIL = 'bob@';

type Outcome = 'needsVerification' | 'checkFailed' | { asking: SignupResendErrorCode | null };

/** What GET signup/verify/check may fail with, and where the page must go (written by hand). */
export const checkFailures: Array<{ label: string; error: ApiError; outcome: Outcome }> = [
  { label: 'code 8 (not verified)', error: new ApiError(403, apiErrorBody(ServerCode.AccountNotVerified, 'AccountNotVerified')), outcome: 'needsVerification' },
  { label: 'code 82 (not registered)', error: new ApiError(401, apiErrorBody(ServerCode.EmailNotRegistered, 'EmailNotRegistered')), outcome: { asking: 'EmailNotRegistered' } },
  { label: 'MISSING_EMAIL', error: new ApiError(400, apiErrorBody(ValidationCode.MISSING_EMAIL, 'MissingEmail')), outcome: { asking: null } },
  {
    label: 'EMAIL_INCORRECT_FORMAT',
    error: new ApiError(400, apiErrorBody(ValidationCode.EMAIL_INCORRECT_FORMAT, 'EmailInIncorrectFormat')),
    outcome: { asking: 'EMAIL_INCORRECT_FORMAT' },
  },
  { label: 'rate limited', error: new ApiError(429, apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited')), outcome: 'checkFailed' },
  { label: 'network failure', error: new ApiError(0, null), outcome: 'checkFailed' },
];

/** What GET signup/verify/resend may fail with; from the email form and from the verify-needed view alike. */
export const resendFailures: Array<{ label: string; error: ApiError; fromForm: SignupResendErrorCode | 'verified' }> = [
  { label: 'rate limited', error: new ApiError(429, apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited')), fromForm: 'AnErrorOccuredWhenResendingVerificationEmail' },
  { label: 'code 82', error: new ApiError(401, apiErrorBody(ServerCode.EmailNotRegistered, 'EmailNotRegistered')), fromForm: 'EmailNotRegistered' },
  { label: 'ALREADY_VERIFIED', error: new ApiError(400, apiErrorBody(GenericCode.ALREADY_VERIFIED, 'AlreadyVerified')), fromForm: 'verified' },
];

const allEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.checkVerification', output: undefined },
  ...checkFailures.map(({ error }) => ({ type: 'xstate.error.actor.checkVerification' as const, error })),
  { type: 'check.retry' },
  ...[TYPED_EMAIL, MALFORMED_EMAIL, ''].map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'resend.request' },
  { type: 'xstate.done.actor.resendVerification', output: undefined },
  ...resendFailures.map(({ error }) => ({ type: 'xstate.error.actor.resendVerification' as const, error })),
];

/** Typing is "clear the field, then type": an address goes into an empty field, or the field is emptied. */
export function signupResendEvents(snapshot: { context: SignupResendContext }): ModelEvent[] {
  const current = snapshot.context.email;
  return allEvents.filter((event) => event.type !== 'form.change' || (event.value !== current && (current === '' || event.value === '')));
}

/** The submit guard reads the address; nothing else of the context goes into the graph. */
export const serializeSignupResend = (context: SignupResendContext) => ({ email: context.email });

export function describeSignupResendEvent(event: ModelEvent): string {
  const e = event as { type: string; error?: unknown; value?: string };
  const failure = [...checkFailures, ...resendFailures].find((f) => f.error === e.error);
  if (failure) return `${e.type.slice(19)} fails: ${failure.label}`;
  if (e.type === 'form.change') return `email = ${JSON.stringify(e.value)}`;
  return e.type;
}
