import { assign, fromPromise, setup } from 'xstate';
import type { Region } from '#shared-domain/account.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { isTransientFailure } from '../shared/link-failure.ts';
import { type RequestProblem, requestProblemOf } from '../shared/request-problem.ts';
import {
  type ResendVerificationContext,
  type ResendVerificationEvent,
  resendProblemOf,
  resendVerification,
  resendVerificationGuards,
  resendVerificationStates,
} from '../shared/resend-verification.ts';

export interface SignupVerifyInput {
  verificationToken: string | null;
  email: string;
}

export interface SignupVerifyContext extends SignupVerifyInput, ResendVerificationContext {
  region: Region | null;
  /** Why the link could not be checked when the server said why (too many requests): the page words it. */
  problem: RequestProblem | null;
}

export interface VerifyAccountOutput {
  region: Region;
  /** The link was used before and its account is verified: nothing was activated now. */
  alreadyVerified: boolean;
}

export type SignupVerifyEvent = ResendVerificationEvent | { type: 'verify.retry' };

export const signupVerifyMachine = setup({
  types: {
    input: {} as SignupVerifyInput,
    context: {} as SignupVerifyContext,
    events: {} as SignupVerifyEvent,
  },
  actors: {
    verifyAccount: fromPromise<VerifyAccountOutput, { verificationToken: string | null }>(async () => {
      throw new Error('verifyAccount must be provided');
    }),
    resendVerification,
  },
  guards: {
    ...resendVerificationGuards,
    isVerifiedBefore: (_, { alreadyVerified }: VerifyAccountOutput) => alreadyVerified,
    isTransientFailure: (_, { error }: Failure) => isTransientFailure(error),
  },
  actions: {
    assignResendProblem: assign({ resendProblem: (_, failed: Failure) => resendProblemOf(failed) }),
    // A check without a verdict keeps only a refusal the page can word (too many requests); anything else is generic.
    assignProblem: assign({ problem: (_, { error }: Failure) => requestProblemOf(error) }),
    clearProblem: assign({ problem: null }),
    assignRegion: assign({ region: (_, { region }: { region: Region }) => region }),
  },
}).createMachine({
  id: 'signup-verify',
  description: 'Activate the account from the emailed link; a link that does not work offers to send a new one.',
  context: ({ input }) => ({ ...input, region: null, problem: null, resendProblem: null }),
  initial: 'verifying',
  states: {
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({ verificationToken: context.verificationToken }),
        onDone: [
          { guard: { type: 'isVerifiedBefore', params: output }, target: 'alreadyActive' },
          { target: 'activated', actions: { type: 'assignRegion', params: output } },
        ],
        onError: [
          // No verdict on the link (network, server error, rate limit): calling it invalid would be untrue.
          {
            guard: { type: 'isTransientFailure', params: failure },
            target: 'failed',
            actions: { type: 'assignProblem', params: failure },
          },
          // InvalidActivationLink (unknown, expired or superseded token alike), with resend.
          { target: 'invalid' },
        ],
      },
    },
    activated: {
      description: 'Shows the region the account lives in, and the way to log in.',
      type: 'final',
    },
    alreadyActive: {
      description: 'The link was opened before and the account is active: say so and offer Sign in.',
      type: 'final',
    },
    failed: {
      description: 'The server could not be asked: AnErrorOccured (or too many requests, and the wait), with Retry.',
      tags: ['error'],
      on: { 'verify.retry': { target: 'verifying', actions: 'clearProblem' } },
    },
    invalid: {
      description: 'InvalidActivationLink; a new verification mail can be sent to the email of the link.',
      ...resendVerificationStates(),
    },
  },
});
