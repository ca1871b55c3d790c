import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import type { PasswordValidationCode } from '../../shared-domain/password.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';
import type { PasswordResetContext } from './password-reset.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const TOKEN = 'tok-123';
export const VALID_PASSWORD = 'Abcdefghij1';
export const CHANGED_MESSAGE = 'Your password was changed on every device';

/**
 * Typed passwords, the first rule each breaks in the spec's order (§5) and the checklist the page shows (length,
 * number, upper, lower), written by hand. Several break more than one rule, so the order itself is under test.
 */
export const passwords: Record<string, { code: PasswordValidationCode | null; met: [boolean, boolean, boolean, boolean] }> = {
  '': { code: 'MISSING_PASSWORD', met: [false, false, false, false] },
  short1: { code: 'PASSWORD_NOT_ENOUGH_LENGTH', met: [false, true, false, true] }, // no uppercase either
  abcdefghijk: { code: 'PASSWORD_NO_DIGIT', met: [true, false, false, true] }, // no uppercase either
  abcdefghij1: { code: 'PASSWORD_NO_UPPERCASE', met: [true, true, false, true] },
  ABCDEFGHIJ1: { code: 'PASSWORD_NO_LOWERCASE', met: [true, true, true, false] },
  [VALID_PASSWORD]: { code: null, met: [true, true, true, true] },
};

/** What GET password/change/check may fail with, and whether the page must call the link invalid (by hand). */
export const checkFailures = [
  { label: '400 INVALID_TOKEN', error: new ApiError(400, apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken')), invalid: true },
  { label: 'network failure', error: new ApiError(0, null), invalid: false },
  { label: '502', error: new ApiError(502, null), invalid: false },
];

/** What PATCH password/change may answer, and the server message the form must show (null: its own words). */
export const changeFailures: Array<{ label: string; error: ApiError; serverMessage: string | null }> = [
  {
    label: '400 with a message',
    error: new ApiError(400, { ...apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken'), message: 'The link has expired' }),
    serverMessage: 'The link has expired',
  },
  {
    label: '500',
    error: new ApiError(500, { ...apiErrorBody(GenericCode.INTERNAL, 'InternalError'), message: 'Internal server error' }),
    serverMessage: null,
  },
  { label: 'network failure', error: new ApiError(0, null), serverMessage: null },
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
