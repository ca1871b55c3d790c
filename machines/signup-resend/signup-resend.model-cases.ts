import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode, ServerCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { email: 'ann@example.com' };

export const checkFailures = [
  { label: 'code 8 (not verified)', error: new ApiError(403, apiErrorBody(ServerCode.AccountNotVerified, 'AccountNotVerified')) },
  { label: 'rate limited', error: new ApiError(429, apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited')) },
  { label: 'network failure', error: new ApiError(0, null) },
];

export const resendFailure = new ApiError(429, apiErrorBody(GenericCode.RATE_LIMITED, 'RateLimited'));

export const signupResendEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.checkVerification', output: undefined },
  ...checkFailures.map(({ error }) => ({ type: 'xstate.error.actor.checkVerification' as const, error })),
  { type: 'resend.request' },
  { type: 'xstate.done.actor.resendVerification', output: undefined },
  { type: 'xstate.error.actor.resendVerification', error: resendFailure },
];
