import { REGIONS } from '#shared-domain/account.ts';
import { ApiError } from '#shared-domain/api-error.ts';
import { EMAIL_MAX_LENGTH } from '#shared-domain/email.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { RequestProblem } from '../shared/request-problem.ts';

/** Model cases shared by the headless test and the test through the view. */
export const input = { verificationToken: 'verification-token-1', email: 'ann@example.com' };

/**
 * What GET signup/verify may fail with, whether the page must call the link invalid, and the refusal it must word when
 * it cannot tell (null: its generic words), written by hand.
 */
export const verifyFailures: Array<{
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
    // Too many requests says nothing about the link: neither "invalid link" nor a generic failure, but the wait.
    label: '429 (45 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 45 }),
      message: 'Too many requests',
    }),
    invalid: false,
    problem: { code: 'RateLimited', retryAfterSeconds: 45 },
  },
  { label: 'network failure', error: new ApiError(0, null), invalid: false, problem: null },
  {
    label: '500',
    error: apiErrorOf('InternalError'),
    invalid: false,
    problem: null,
  },
];

const addressTooLong = { field: 'email', problem: 'too_long', limit: EMAIL_MAX_LENGTH } as const;

/** What the resend may fail with, and the refusal the page must word (null: its generic words). */
export const resendFailures: Array<{ label: string; error: ApiError; problem: RequestProblem | null }> = [
  { label: '500', error: apiErrorOf('InternalError'), problem: null },
  {
    label: '429 (120 s)',
    error: new ApiError(429, {
      ...apiErrorBody('RateLimited', { retry_after_seconds: 120 }),
      message: 'Too many requests',
    }),
    problem: { code: 'RateLimited', retryAfterSeconds: 120 },
  },
  {
    // The link's address is longer than any account's.
    label: 'address over its limit',
    error: new ApiError(400, {
      ...apiErrorBody('ValidationError', { ...addressTooLong, issues: [addressTooLong] }),
      message: `email: at most ${EMAIL_MAX_LENGTH} characters`,
    }),
    problem: { code: 'FieldProblem', ...addressTooLong },
  },
  {
    label: '400 ALREADY_VERIFIED',
    error: apiErrorOf('AlreadyVerified'),
    problem: null,
  },
];

export const signupVerifyEvents: ModelEvent[] = [
  // Every region, so that each one's name is seen.
  ...REGIONS.map((region) => ({
    type: 'xstate.done.actor.verifyAccount' as const,
    output: { region, alreadyVerified: false },
  })),
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
  if (e.type === 'xstate.done.actor.verifyAccount')
    return `verified in ${e.output?.region}${e.output?.alreadyVerified ? ' (before)' : ''}`;
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const signupVerifyExplore: ExploreOptions = {
  input,
  events: signupVerifyEvents,
  describeEvent: describeSignupVerifyEvent,
};
