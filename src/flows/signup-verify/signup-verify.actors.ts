import { fromPromise } from 'xstate';
import type { VerifyAccountOutput } from '#machines/signup-verify/signup-verify.machine.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { getVerify } from '#src/api/account.ts';
import { resendVerificationIn } from '#src/lib/resend-verification.ts';

/**
 * A verification token is single use, but one visit may mount the page twice at once (React's StrictMode in
 * development): a mount whose token is already being checked shares that request instead of spending the token again
 * and then showing its own refusal.
 */
const verifications = new Map<string, Promise<VerifyAccountOutput>>();

function verifyOnce(token: string): Promise<VerifyAccountOutput> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = getVerify(token)
      .then(({ data }) => ({ region: data.region, alreadyVerified: data.already_verified === true }))
      .finally(() => verifications.delete(token));
    verifications.set(token, verification);
  }
  return verification;
}

/**
 * The activation machine's actors. `language` is the one the link names, the account's: the new mail is written in
 * it too (read once when the page opens, as the machine's input is).
 */
export function signupVerifyActors(language: Locale) {
  return {
    verifyAccount: fromPromise(async ({ input }: { input: { verificationToken: string | null } }) => {
      if (!input.verificationToken) throw new Error('The link has no verification token');
      return verifyOnce(input.verificationToken);
    }),
    resendVerification: resendVerificationIn(() => language),
  };
}
