import type { AnyMachineSnapshot } from 'xstate';
import { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import { loginAccount, validateLogin } from '#shared-domain/login.ts';
import { afterEvent, type ExploreOptions, type ModelEvent } from '#tests/support/model-graph.ts';
import type { LoginFailure } from './login.errors.ts';
import type { LoginContext } from './login.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const LOCK_SECONDS = 90;

/** The failures the server can answer POST /api/login with, and what the page must then show (written by hand). */
export const submitFailures: Array<{ label: string; error: unknown; code: LoginFailure['code'] }> = [
  {
    label: '401 EmailNotRegistered',
    error: apiErrorOf('EmailNotRegistered'),
    code: 'EmailNotRegistered',
  },
  {
    label: '403 AccountNotVerified',
    error: apiErrorOf('AccountNotVerified'),
    code: 'AccountNotVerified',
  },
  {
    label: `403 AccountLocked (${LOCK_SECONDS} s)`,
    error: apiErrorOf('AccountLocked', { account_lock_timeout: LOCK_SECONDS }),
    code: 'AccountLocked',
  },
  {
    label: '403 AccountLocked without a duration',
    error: apiErrorOf('AccountLocked'),
    code: 'AccountLocked',
  },
  {
    label: '401 InvalidEmailOrPassword',
    error: apiErrorOf('InvalidEmailOrPassword'),
    code: 'InvalidEmailOrPassword',
  },
  {
    label: '500 InternalError',
    error: apiErrorOf('InternalError'),
    code: 'UnexpectedError',
  },
  {
    label: '413 PayloadTooLarge',
    error: apiErrorOf('PayloadTooLarge'),
    code: 'LoginTooLong',
  },
  {
    label: '429 RateLimited (60 s)',
    error: apiErrorOf('RateLimited', { retry_after_seconds: 60 }),
    code: 'RateLimited',
  },
  {
    label: '400 ValidationError: the email is over its limit',
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
  { label: 'nothing: the network fails', error: new ApiError(0, null), code: 'AnErrorOccured' },
];

/** The answer that locks the account for LOCK_SECONDS. */
export const LOCKING = submitFailures.find((failure) => failure.label === `403 AccountLocked (${LOCK_SECONDS} s)`)!;

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

/**
 * The events in words, as a test plan reads them. The same in both layers, since a path's id hashes them
 * (model-graph.ts's pathIds): where the server sends the reader is left out, each layer has its own.
 */
export function describeLoginEvent(event: ModelEvent): string {
  const e = event as { type: string; field?: string; value?: string; output?: unknown; error?: unknown };
  if (e.type === 'form.change') {
    const field = e.field === 'username' ? 'email' : 'password';
    return e.value ? `type ${JSON.stringify(e.value)} as the ${field}` : `clear the ${field}`;
  }
  if (e.type === 'form.submit') return 'submit the form';
  if (e.type === 'xstate.done.actor.resumeSession')
    return e.output ? 'the server resumes the session' : 'the server has no session to resume';
  if (e.type === 'xstate.error.actor.resumeSession') return 'asking for the session fails: the network fails';
  if (e.type === 'xstate.done.actor.submitLogin') return 'the server signs the reader in';
  if (e.type === 'xstate.error.actor.submitLogin')
    return `the server answers ${submitFailures.find((f) => f.error === e.error)!.label}`;
  if (e.type === 'xstate.after.lockExpired.login.locked') return `the lock runs out (${LOCK_SECONDS} s later)`;
  return e.type;
}

/** The headless test's input; the view's differs only in where to return to. */
export const LOGIN_INPUT = { returnTo: '/pages/credentials', shortLived: true, sessionCookie: true };

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const loginExplore: ExploreOptions = {
  // Without a session cookie there is nothing to resume: the form comes first.
  inputs: [
    { label: 'session cookie', input: LOGIN_INPUT },
    { label: 'no session cookie', input: { ...LOGIN_INPUT, sessionCookie: false } },
  ],
  events: loginEvents(LOGIN_INPUT.returnTo),
  describeEvent: describeLoginEvent,
  serializeContext: loginModelContext,
};
