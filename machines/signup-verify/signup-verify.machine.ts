import { assign, fromPromise, setup } from 'xstate';
import type { Region } from '../../shared-domain/account.ts';
import {
  resendVerification,
  resendVerificationStates,
  type ResendVerificationEvent,
} from '../shared/resend-verification.ts';

export interface SignupVerifyInput {
  verificationToken: string | null;
  email: string;
}

export interface SignupVerifyContext extends SignupVerifyInput {
  region: Region | null;
}

export const signupVerifyMachine = setup({
  types: {
    input: {} as SignupVerifyInput,
    context: {} as SignupVerifyContext,
    events: {} as ResendVerificationEvent,
  },
  actors: {
    verifyAccount: fromPromise<{ region: Region }, { verificationToken: string | null }>(async () => {
      throw new Error('verifyAccount must be provided');
    }),
    resendVerification,
  },
  actions: {
    assignRegion: assign({ region: ({ event }) => (event as { output?: { region: Region } }).output?.region ?? null }),
  },
}).createMachine({
  id: 'signup-verify',
  description: 'Activate the account from the emailed link; a link that does not work offers to send a new one.',
  context: ({ input }) => ({ ...input, region: null }),
  initial: 'verifying',
  states: {
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({ verificationToken: context.verificationToken }),
        onDone: { target: 'activated', actions: 'assignRegion' },
        // Spec §8: any failure is InvalidActivationLink (unknown, used, expired or superseded token alike), with resend.
        onError: { target: 'invalid' },
      },
    },
    activated: {
      description: 'Shows the region the account lives in, and the way to log in.',
      type: 'final',
    },
    invalid: {
      description: 'InvalidActivationLink; a new verification mail can be sent to the email of the link.',
      ...resendVerificationStates(),
    },
  },
});
