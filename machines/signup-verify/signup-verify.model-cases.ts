import { REGIONS } from '../../shared-domain/account.ts';
import { ApiError, apiErrorBody } from '../../shared-domain/api-error.ts';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { verificationToken: 'verification-token-1', email: 'ann@example.com' };

/** What GET signup/verify may fail with, and whether the page must call the link invalid (written by hand). */
export const verifyFailures = [
  { label: '400 INVALID_TOKEN', error: new ApiError(400, apiErrorBody(GenericCode.INVALID_TOKEN, 'InvalidToken')), invalid: true },
  { label: 'network failure', error: new ApiError(0, null), invalid: false },
  { label: '500', error: new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalError')), invalid: false },
];

export const resendFailures = [
  { label: '500', error: new ApiError(500, apiErrorBody(GenericCode.INTERNAL, 'InternalError')) },
  { label: '400 ALREADY_VERIFIED', error: new ApiError(400, apiErrorBody(GenericCode.ALREADY_VERIFIED, 'AlreadyVerified')) },
];

export const signupVerifyEvents: ModelEvent[] = [
  // Every region, so that each one's name is seen.
  ...REGIONS.map((region) => ({ type: 'xstate.done.actor.verifyAccount' as const, output: { region, alreadyVerified: false } })),
  { type: 'xstate.done.actor.verifyAccount', output: { region: 'prod', alreadyVerified: true } },
  ...verifyFailures.map(({ error }) => ({ type: 'xstate.error.actor.verifyAccount' as const, error })),
  { type: 'verify.retry' },
  { type: 'resend.request' },
  { type: 'xstate.done.actor.resendVerification', output: undefined },
  ...resendFailures.map(({ error }) => ({ type: 'xstate.error.actor.resendVerification' as const, error })),
];

export function describeSignupVerifyEvent(event: ModelEvent): string {
  const e = event as { type: string; error?: unknown; output?: { region?: string; alreadyVerified?: boolean } };
  const failure = [...verifyFailures, ...resendFailures].find((f) => f.error === e.error);
  if (failure) return `${e.type.slice(19)} fails: ${failure.label}`;
  if (e.type === 'xstate.done.actor.verifyAccount') return `verified in ${e.output?.region}${e.output?.alreadyVerified ? ' (before)' : ''}`;
  return e.type;
}
