import { fromPromise } from 'xstate';
import type { SignupResendInput } from '#machines/signup-resend/signup-resend.machine.ts';
import { getVerifyCheck } from '#src/api/account.ts';
import { resendVerificationIn } from '#src/lib/resend-verification.ts';

/** The verify-needed machine's actors: is the account verified already, and send its mail again. */
export const signupResendActors = {
  checkVerification: fromPromise(async ({ input }: { input: SignupResendInput }) => {
    await getVerifyCheck(input.email.trim());
  }),
  resendVerification: resendVerificationIn(),
};
