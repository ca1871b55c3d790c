import { fromPromise } from 'xstate';
import type { SignupRequest } from '#machines/signup/signup.machine.ts';
import { postSignup } from '#src/api/account.ts';
import { activeLocale } from '#src/lib/active-locale.ts';
import { resendVerificationIn } from '#src/lib/resend-verification.ts';

/** The signup machine's actors: create the account (in the reader's language), then resend its mail if asked. */
export const signupActors = {
  submitSignup: fromPromise(async ({ input }: { input: SignupRequest }) => {
    const { message } = await postSignup(input, activeLocale());
    return { message };
  }),
  resendVerification: resendVerificationIn(),
};
