import { fromPromise, setup } from 'xstate';
import {
  resendVerification,
  resendVerificationStates,
  type ResendVerificationEvent,
} from '../shared/resend-verification.ts';

export interface SignupResendInput {
  email: string;
}

export const signupResendMachine = setup({
  types: {
    input: {} as SignupResendInput,
    context: {} as SignupResendInput,
    events: {} as ResendVerificationEvent,
  },
  actors: {
    /** Resolves when the account is already verified; rejects (code 8) while it still needs verification. */
    checkVerification: fromPromise<void, SignupResendInput>(async () => {
      throw new Error('checkVerification must be provided');
    }),
    resendVerification,
  },
}).createMachine({
  id: 'signup-resend',
  description: 'Verify-needed page: an account already verified goes to login, any other offers to resend the mail.',
  context: ({ input }) => ({ email: input.email }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkVerification',
        src: 'checkVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'verified' },
        // Code 8 is the expected answer. Any other failure (network, rate limit) says nothing about the account, and
        // the reader came here because login said it is unverified: resending is still the useful next step, and the
        // server answers a resend for a verified account with its own refusal.
        onError: { target: 'needsVerification' },
      },
    },
    verified: {
      description: 'Already verified: the page goes to /pages/login.',
      type: 'final',
    },
    needsVerification: {
      description: 'The account needs to be verified: resend the confirmation mail, or go to login.',
      ...resendVerificationStates(),
    },
  },
});
