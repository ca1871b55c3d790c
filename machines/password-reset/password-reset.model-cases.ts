import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { PasswordValidationCode } from '#shared-domain/password.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { RequestProblem } from '../shared/request-problem.ts';
import type { PasswordResetFailure } from './password-reset.errors.ts';
import type { PasswordResetContext } from './password-reset.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const TOKEN = 'tok-123';
export const VALID_PASSWORD = 'Abcdefghij1';
export const CHANGED_MESSAGE = 'Your password was changed on every device';

/**
 * Typed passwords, the first rule each breaks in the spec's order (§5) and the checklist the page shows (length,
 * number, upper, lower), written by hand. Several break more than one rule, so the order itself is under test.
 */
export const passwords: Record<
  string,
  { code: PasswordValidationCode | null; met: [boolean, boolean, boolean, boolean] }
> = {
  '': { code: 'MISSING_PASSWORD', met: [false, false, false, false] },
  short1: { code: 'PASSWORD_NOT_ENOUGH_LENGTH', met: [false, true, false, true] }, // no uppercase either
  abcdefghijk: { code: 'PASSWORD_NO_DIGIT', met: [true, false, false, true] }, // no uppercase either
  abcdefghij1: { code: 'PASSWORD_NO_UPPERCASE', met: [true, true, false, true] },
  ABCDEFGHIJ1: { code: 'PASSWORD_NO_LOWERCASE', met: [true, true, true, false] },
  [VALID_PASSWORD]: { code: null, met: [true, true, true, true] },
};

/**
 * The server's longest password body field (server/modules/password/password.routes.ts); the form's own rule stops at
 * 32 characters long before, so only a client that skips it meets this one.
 */
export const PASSWORD_BODY_LIMIT = 1024;

/**
 * What GET password/change/check may fail with, whether the page must call the link invalid, and the refusal of the
 * request it must word itself when it cannot tell (written by hand).
 */
export const checkFailures: Array<{
  label: string;
  error: ApiError;
  invalid: boolean;
  problem: RequestProblem | null;
}> = [
  {
    label: '400 INVALID_TOKEN',
    error: apiErrorOf('InvalidToken'),
    invalid: true,
    problem: null,
  },
  {
    // Too many requests says nothing about the link: no verdict, and the wait is said, not a generic failure.
    label: '429 (30 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 30 }),
      message: 'Too many requests, please try again later',
    }),
    invalid: false,
    problem: { code: 'RateLimited', retryAfterSeconds: 30 },
  },
  { label: 'network failure', error: new ApiError(0, null), invalid: false, problem: null },
  { label: '502', error: new ApiError(502, null), invalid: false, problem: null },
];

/** What PATCH password/change may answer, and the failure the form must keep (a server message is shown as it comes). */
export const changeFailures: Array<{ label: string; error: ApiError; failure: PasswordResetFailure }> = [
  {
    label: '400 with a message',
    error: new ApiError(400, {
      ...apiErrorBody('InvalidToken'),
      message: 'The link has expired',
    }),
    failure: { serverMessage: 'The link has expired' },
  },
  {
    // The server's English words for a rate limit or a schema refusal are never shown: the page words the facts.
    label: '429 (90 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 90 }),
      message: 'Too many requests, please try again later',
    }),
    failure: { code: 'RateLimited', retryAfterSeconds: 90 },
  },
  {
    label: '400 password over its limit',
    error: new ApiError(400, {
      ...apiErrorBody('ValidationError', {
        field: 'password',
        problem: 'too_long',
        limit: PASSWORD_BODY_LIMIT,
        issues: [{ field: 'password', problem: 'too_long', limit: PASSWORD_BODY_LIMIT }],
      }),
      message: `password: at most ${PASSWORD_BODY_LIMIT} characters`,
    }),
    failure: { code: 'FieldProblem', field: 'password', problem: 'too_long', limit: PASSWORD_BODY_LIMIT },
  },
  {
    label: '500',
    error: new ApiError(500, {
      ...apiErrorBody('InternalError'),
      message: 'Internal server error',
    }),
    failure: { code: 'AnErrorOccured' },
  },
  { label: 'network failure', error: new ApiError(0, null), failure: { code: 'AnErrorOccured' } },
];

const allEvents: ModelEvent[] = [
  ...Object.keys(passwords).map((value) => ({ type: 'form.change', value })),
  { type: 'form.submit' },
  { type: 'xstate.done.actor.checkResetToken', output: undefined },
  ...checkFailures.map(({ error }) => ({ type: 'xstate.error.actor.checkResetToken' as const, error })),
  { type: 'check.retry' },
  { type: 'xstate.done.actor.changePassword', output: { message: CHANGED_MESSAGE } },
  ...changeFailures.map(({ error }) => ({ type: 'xstate.error.actor.changePassword' as const, error })),
];

/**
 * Every event, with typing as "clear the field, then type": a password is typed into an empty field, or the field is
 * emptied. Going from one rule-breaking password straight to another would only add paths that show nothing new.
 */
export function passwordResetEvents(snapshot: { context: PasswordResetContext }): ModelEvent[] {
  const current = snapshot.context.password;
  return allEvents.filter(
    (event) => event.type !== 'form.change' || (event.value !== current && (current === '' || event.value === '')),
  );
}

/** Guards read which rule the password breaks; the event filter reads the password itself. */
export function serializePasswordReset(context: PasswordResetContext) {
  return { password: context.password };
}

export function describePasswordResetEvent(event: ModelEvent): string {
  const e = event as { type: string; error?: unknown; value?: string };
  const failure = [...checkFailures, ...changeFailures].find((f) => f.error === e.error);
  if (failure) return `${e.type.slice(19)} fails: ${failure.label}`;
  if (e.type === 'form.change') return `password = ${JSON.stringify(e.value)}`;
  return e.type;
}

export const PASSWORD_RESET_INPUT = { resetToken: TOKEN };

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const passwordResetExplore: ExploreOptions = {
  input: PASSWORD_RESET_INPUT,
  events: passwordResetEvents,
  serializeContext: serializePasswordReset,
  describeEvent: describePasswordResetEvent,
};
