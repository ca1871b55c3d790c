import { fromPromise } from 'xstate';
import { isApiError } from '#shared-domain/api-error.ts';
import { type Failure, failure } from './actor-result.ts';
import { type RequestProblem, requestProblemOf } from './request-problem.ts';

/**
 * The "send the verification mail again" part that three account pages share (signup success, an invalid activation
 * link, the verify-needed page). A machine lists `resendVerification` among its actors, spreads
 * `resendVerificationGuards` into its guards and `resendVerificationStates()` into the state that offers the resend,
 * and names `assignResendProblem: assign({ resendProblem: (_, failed: Failure) => resendProblemOf(failed) })` among
 * its actions (an assign built outside the machine's setup would not take its context and event types); its context
 * holds the account's `email` and a `resendProblem` (null at first).
 */
export interface ResendVerificationInput {
  email: string;
}

export const resendVerification = fromPromise<void, ResendVerificationInput>(async () => {
  throw new Error('resendVerification must be provided');
});

export type ResendVerificationEvent = { type: 'resend.request' };

/** What the fragment reads and writes in the context of the machine it is part of. */
export interface ResendVerificationContext {
  email: string;
  /**
   * Why the last resend was refused when the page can word it (too many requests and the wait, the address over its
   * limit): the server says those in English only. Null: the page's own words for a failed resend.
   */
  resendProblem: RequestProblem | null;
}

export function resendProblemOf({ error }: Failure): RequestProblem | null {
  return requestProblemOf(error);
}

export const resendVerificationGuards = {
  /** The server refuses to resend because the account is verified already (in another tab, by another link). */
  isAlreadyVerified: (_: unknown, { error }: Failure) => isApiError(error) && error.errorName === 'AlreadyVerified',
};

export function resendVerificationStates() {
  return {
    initial: 'idle' as const,
    states: {
      idle: { on: { 'resend.request': { target: 'resending' } } },
      resending: {
        tags: ['busy'],
        invoke: {
          id: 'resendVerification',
          src: 'resendVerification' as const,
          input: ({ context }: { context: { email: string } }): ResendVerificationInput => ({ email: context.email }),
          onDone: { target: 'resent' },
          onError: [
            { guard: { type: 'isAlreadyVerified', params: failure } as const, target: 'alreadyVerified' },
            { target: 'resendFailed', actions: { type: 'assignResendProblem', params: failure } as const },
          ],
        },
      },
      // The server rate-limits resends; the page itself never stops a reader from asking again.
      resent: { on: { 'resend.request': { target: 'resending' } } },
      resendFailed: { tags: ['error'], on: { 'resend.request': { target: 'resending' } } },
      alreadyVerified: {
        description: 'Nothing to resend: the account is active, so the way on is to sign in.',
        tags: ['verified'],
      },
    },
  };
}

export type ResendStep = 'idle' | 'resending' | 'resent' | 'resendFailed' | 'alreadyVerified';

/** Where the resend under the state `parent` stands (null outside it), for views that show its outcome. */
export function resendStepOf(value: unknown, parent: string): ResendStep | null {
  if (typeof value !== 'object' || value === null) return null;
  const child = (value as Record<string, unknown>)[parent];
  return typeof child === 'string' ? (child as ResendStep) : null;
}
