import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { loginAccount, validateLogin } from '#shared-domain/login.ts';
import type { ModelEvent } from '#tests/support/model-graph.ts';
import { afterEvent } from '#tests/support/model-harness.ts';
import type { LoginFailure } from './login.errors.ts';
import type { LoginContext } from './login.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const LOCK_SECONDS = 90;

/** The failures the server can answer POST /api/login with, and what the page must then show (written by hand). */
export const submitFailures: Array<{ label: string; error: unknown; code: LoginFailure['code'] }> = [
  {
    label: '401 code 82',
    error: apiErrorOf('EmailNotRegistered'),
    code: 'EmailNotRegistered',
  },
  {
    label: '403 code 8',
    error: apiErrorOf('AccountNotVerified'),
    code: 'AccountNotVerified',
  },
  {
    label: `403 code 78 (${LOCK_SECONDS} s)`,
    error: apiErrorOf('AccountLocked', { account_lock_timeout: LOCK_SECONDS }),
    code: 'AccountLocked',
  },
  {
    label: '403 code 78 without a duration',
    error: apiErrorOf('AccountLocked'),
    code: 'AccountLocked',
  },
  {
    label: '401 other code',
    error: apiErrorOf('InvalidEmailOrPassword'),
    code: 'InvalidEmailOrPassword',
  },
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    code: 'UnexpectedError',
  },
  {
    label: '413',
    error: apiErrorOf('PayloadTooLarge'),
    code: 'LoginTooLong',
  },
  {
    label: '429 (60 s)',
    error: apiErrorOf('RateLimited', { retry_after_seconds: 60 }),
    code: 'RateLimited',
  },
  {
    label: '400 email over its limit',
    error: new ApiError(
      400,
      apiErrorBody('ValidationError', {
        field: 'username',
        problem: 'too_long',
        limit: EMAIL_MAX_LENGTH,
        issues: [{ field: 'username', problem: 'too_long', limit: EMAIL_MAX_LENGTH }],
      }),
    ),
    code: 'FieldProblem',
  },
  { label: 'network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];

/** The answer that locks the account for LOCK_SECONDS. */
export const LOCKING = submitFailures.find((failure) => failure.label === `403 code 78 (${LOCK_SECONDS} s)`)!;

/** Emails typed everywhere: none and an account. */
const USERNAMES = ['', 'ann@example.com'];
/**
 * Typed while locked only, to keep the graph small: the same account spelt otherwise stays locked, another account
 * does not (typing back the locked one is covered by USERNAMES).
 */
const USERNAMES_WHILE_LOCKED = ['ANN@Example.com', 'bob@example.com'];

const typing = (field: 'username' | 'password', values: string[]): ModelEvent[] =>
  values.map((value) => ({ type: 'form.change', field, value }));

/** Typing, submitting and every outcome of the two actors; `successRedirect` is what the server answers on success. */
export function loginEvents(successRedirect: string): (snapshot: AnyMachineSnapshot) => ModelEvent[] {
  const events: ModelEvent[] = [
    ...typing('username', USERNAMES),
    ...typing('password', ['', 'Secret1234']),
    { type: 'form.submit' },
    { type: 'xstate.done.actor.resumeSession', output: { redirect: '/pages/main' } },
    { type: 'xstate.done.actor.resumeSession', output: null },
    { type: 'xstate.error.actor.resumeSession', error: new ApiError(0, null) },
    { type: 'xstate.done.actor.submitLogin', output: { redirect: successRedirect } },
    ...submitFailures.map(({ error }) => ({ type: 'xstate.error.actor.submitLogin' as const, error })),
    afterEvent('lockExpired', 'login.locked'),
  ];
  const whileLocked = [...events, ...typing('username', USERNAMES_WHILE_LOCKED)];
  // Only the first account gets locked: another one locked as well would double the graph and test nothing new.
  const notLocking = events.filter((event) => !('error' in event && event.error === LOCKING.error));
  return (snapshot) =>
    snapshot.matches('locked')
      ? whileLocked
      : loginAccount(snapshot.context.username) === USERNAMES[1]
        ? events
        : notLocking;
}

/**
 * What guards read: the fields' validation, which account is typed and which one is locked. Whether an error shows is
 * read by no guard, but it is what the page shows: keeping it makes paths retry after a failure.
 */
export function loginModelContext(context: LoginContext) {
  return {
    invalid: validateLogin(context),
    failed: context.error !== null,
    account: loginAccount(context.username),
    lockedAccount: context.lockedAccount,
  };
}
