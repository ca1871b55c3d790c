import { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import type { SignupResendContext, SignupResendFailure } from './signup-resend.machine.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { email: 'ann@example.com' };
/** What the reader types into the email form: a good address, one without a domain, or nothing. */
export const TYPED_EMAIL = 'bob@example.com';
export const MALFORMED_EMAIL = 'bob@';

/**
 * Where a check sends the page: on to the resend, to Retry with the refusal it must word (null: its generic words), or
 * to the email form with the error it must show.
 */
type Outcome = 'needsVerification' | { checkFailed: RequestProblem | null } | { asking: SignupResendFailure | null };

/** A refusal over the address's length, as the request schema answers it (the English message is never shown). */
function addressTooLong(field: 'username' | 'email'): ApiError {
  const issue = { field, problem: 'too_long', limit: EMAIL_MAX_LENGTH };
  return new ApiError(400, {
    ...apiErrorBody('ValidationError', { ...issue, issues: [issue] }),
    message: `${field}: at most ${EMAIL_MAX_LENGTH} characters`,
  });
}

const tooLong = (field: 'username' | 'email'): RequestProblem => ({
  code: 'FieldProblem',
  field,
  problem: 'too_long',
  limit: EMAIL_MAX_LENGTH,
});

/** What GET signup/verify/check may fail with, and where the page must go (written by hand). */
export const checkFailures: Array<{ label: string; error: ApiError; outcome: Outcome }> = [
  {
    label: 'code 8 (not verified)',
    error: apiErrorOf('AccountNotVerified'),
    outcome: 'needsVerification',
  },
  {
    label: 'code 82 (not registered)',
    error: apiErrorOf('EmailNotRegistered'),
    outcome: { asking: { code: 'EmailNotRegistered' } },
  },
  {
    label: 'MISSING_EMAIL',
    error: apiErrorOf('MissingEmail'),
    outcome: { asking: null },
  },
  {
    label: 'EMAIL_INCORRECT_FORMAT',
    error: apiErrorOf('EmailInIncorrectFormat'),
    outcome: { asking: { code: 'EMAIL_INCORRECT_FORMAT' } },
  },
  // The link's address is longer than any account's: the form says so, with the limit.
  { label: 'address over its limit', error: addressTooLong('username'), outcome: { asking: tooLong('username') } },
  {
    label: '429 (60 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 60 }),
      message: 'Too many requests',
    }),
    outcome: { checkFailed: { code: 'RateLimited', retryAfterSeconds: 60 } },
  },
  { label: 'network failure', error: new ApiError(0, null), outcome: { checkFailed: null } },
];

/**
 * What GET signup/verify/resend may fail with, from the email form and from the verify-needed view alike: the error
 * the form must show, and the refusal the verify-needed view must word (null: its generic words).
 */
export const resendFailures: Array<{
  label: string;
  error: ApiError;
  fromForm: SignupResendFailure | 'verified';
  fromView: RequestProblem | null;
}> = [
  {
    label: '429 (120 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 120 }),
      message: 'Too many requests',
    }),
    fromForm: { code: 'RateLimited', retryAfterSeconds: 120 },
    fromView: { code: 'RateLimited', retryAfterSeconds: 120 },
  },
  {
    label: 'address over its limit',
    error: addressTooLong('email'),
    fromForm: tooLong('email'),
    fromView: tooLong('email'),
  },
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    fromForm: { code: 'AnErrorOccuredWhenResendingVerificationEmail' },
    fromView: null,
  },
  {
    label: 'code 82',
    error: apiErrorOf('EmailNotRegistered'),
    fromForm: { code: 'EmailNotRegistered' },
    fromView: null,
  },
  {
    label: 'ALREADY_VERIFIED',
    error: apiErrorOf('AlreadyVerified'),
    fromForm: 'verified',
    fromView: null,
  },
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
  return allEvents.filter(
    (event) => event.type !== 'form.change' || (event.value !== current && (current === '' || event.value === '')),
  );
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

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const signupResendExplore: ExploreOptions = {
  input,
  events: signupResendEvents,
  serializeContext: serializeSignupResend,
  describeEvent: describeSignupResendEvent,
};
