import { REGIONS } from '../../shared-domain/account.ts';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { verificationToken: 'verification-token-1', email: 'ann@example.com' };

export const verifyFailures = [
  new ApiError(400, apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken')),
  new ApiError(0, null),
];

export const resendFailure = new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalError'));

export const signupVerifyEvents: ModelEvent[] = [
  // Every region, so that each one's name is seen.
  ...REGIONS.map((region) => ({ type: 'xstate.done.actor.verifyAccount' as const, output: { region } })),
  ...verifyFailures.map((error) => ({ type: 'xstate.error.actor.verifyAccount' as const, error })),
  { type: 'resend.request' },
  { type: 'xstate.done.actor.resendVerification', output: undefined },
  { type: 'xstate.error.actor.resendVerification', error: resendFailure },
];
