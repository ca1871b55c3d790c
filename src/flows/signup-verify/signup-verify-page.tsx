import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSearchParams } from 'react-router-dom';
import type { ResendVerificationInput } from '../../../machines/shared/resend-verification.ts';
import { signupVerifyMachine, type VerifyAccountOutput } from '../../../machines/signup-verify/signup-verify.machine.ts';
import { toLocale } from '../../../shared-domain/locales.ts';
import { getResendVerification, getVerify } from '../../api/account.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { activeLocale } from '../../lib/active-locale.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { SignupVerifyActivated } from './signup-verify-activated.tsx';
import { SignupVerifyAlreadyActive } from './signup-verify-already-active.tsx';
import { SignupVerifyFailed } from './signup-verify-failed.tsx';
import { SignupVerifyInvalid } from './signup-verify-invalid.tsx';
import { SignupVerifyVerifying } from './signup-verify-verifying.tsx';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

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

/** Owns the activation actor (/pages/signup/verify?verification_token&email&language) and picks the view. */
export function SignupVerifyPage() {
  usePageTitle(msg`Account activation`);
  const [search] = useSearchParams();
  // The link names the language the account signed up in; the new mail is written in it too (actors are the first
  // render's, so the language is the one the page opened with).
  const language = toLocale(search.get('language')) ?? activeLocale();
  const machine = useProvidedMachine(signupVerifyMachine, {
    actors: {
      verifyAccount: fromPromise(async ({ input }: { input: { verificationToken: string | null } }) => {
        if (!input.verificationToken) throw new Error('The link has no verification token');
        return verifyOnce(input.verificationToken);
      }),
      resendVerification: fromPromise(async ({ input }: { input: ResendVerificationInput }) => {
        await getResendVerification(input.email.trim(), language);
      }),
    },
  });
  const [state, send] = useMachine(machine, {
    input: { verificationToken: search.get('verification_token'), email: search.get('email') ?? '' },
  });

  return (
    <CenteredLayout>
      {state.matches('verifying') ? (
        <SignupVerifyVerifying />
      ) : state.matches('activated') ? (
        <SignupVerifyActivated region={state.context.region} />
      ) : state.matches('alreadyActive') || state.hasTag('verified') ? (
        <SignupVerifyAlreadyActive />
      ) : state.matches('failed') ? (
        <SignupVerifyFailed state={state} send={send} />
      ) : (
        <SignupVerifyInvalid state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupVerifyPage as Component };
