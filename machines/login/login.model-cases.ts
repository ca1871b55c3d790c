import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode, ServerCode } from '../../shared-domain/error-codes.ts';
import { afterEvent } from '../../tests/support/model-harness.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';
import type { LoginErrorCode } from './login.errors.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
export const LOCK_SECONDS = 90;

/** The failures the server can answer POST /api/login with, and what the page must then show (written by hand). */
export const submitFailures: Array<{ label: string; error: unknown; code: LoginErrorCode }> = [
  {
    label: '401 code 82',
    error: new ApiError(401, apiErrorBody(ServerCode.EmailNotRegistered, 'EmailNotRegistered')),
    code: 'EmailNotRegistered',
  },
  {
    label: '403 code 8',
    error: new ApiError(403, apiErrorBody(ServerCode.AccountNotVerified, 'AccountNotVerified')),
    code: 'AccountNotVerified',
  },
  {
    label: `403 code 78 (${LOCK_SECONDS} s)`,
    error: new ApiError(403, apiErrorBody(ServerCode.AccountLocked, 'AccountLocked', { account_lock_timeout: LOCK_SECONDS })),
    code: 'AccountLocked',
  },
  {
    label: '403 code 78 without a duration',
    error: new ApiError(403, apiErrorBody(ServerCode.AccountLocked, 'AccountLocked')),
    code: 'AccountLocked',
  },
  {
    label: '401 other code',
    error: new ApiError(401, apiErrorBody(GenericCode.INVALID_CREDENTIALS, 'InvalidCredentials')),
    code: 'InvalidEmailOrPassword',
  },
  { label: '500', error: new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalServerError')), code: 'UnexpectedError' },
  { label: 'network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];

/** Typing, submitting and every outcome of the two actors; `successRedirect` is what the server answers on success. */
export function loginEvents(successRedirect: string): ModelEvent[] {
  return [
    ...(['username', 'password'] as const).flatMap((field) =>
    (field === 'username' ? ['', 'ann@example.com'] : ['', 'Secret1234']).map((value) => ({ type: 'form.change', field, value })),
  ),
  { type: 'form.submit' },
  { type: 'xstate.done.actor.resumeSession', output: { redirect: '/pages/main' } },
  { type: 'xstate.done.actor.resumeSession', output: null },
  { type: 'xstate.error.actor.resumeSession', error: new ApiError(0, null) },
  { type: 'xstate.done.actor.submitLogin', output: { redirect: successRedirect } },
  ...submitFailures.map(({ error }) => ({ type: 'xstate.error.actor.submitLogin' as const, error })),
    afterEvent('lockExpired', 'login.locked'),
  ];
}
