import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSearchParams } from 'react-router-dom';
import type { ResendVerificationInput } from '../../../machines/shared/resend-verification.ts';
import { signupVerifyMachine } from '../../../machines/signup-verify/signup-verify.machine.ts';
import { toLocale } from '../../../shared-domain/locales.ts';
import { getResendVerification, getVerify } from '../../api/account.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { activeLocale } from '../../lib/active-locale.ts';
import { SignupVerifyActivated } from './signup-verify-activated.tsx';
import { SignupVerifyInvalid } from './signup-verify-invalid.tsx';
import { SignupVerifyVerifying } from './signup-verify-verifying.tsx';

/** Owns the activation actor (/pages/signup/verify?verification_token&email&language) and picks the view. */
export function SignupVerifyPage() {
  const [search] = useSearchParams();
  const machine = useMemo(() => {
    // The link names the language the account signed up in; the new mail is written in it too.
    const language = toLocale(search.get('language')) ?? activeLocale();
    return signupVerifyMachine.provide({
      actors: {
        verifyAccount: fromPromise(async ({ input }: { input: { verificationToken: string | null } }) => {
          if (!input.verificationToken) throw new Error('The link has no verification token');
          const { data } = await getVerify(input.verificationToken);
          return { region: data.region };
        }),
        resendVerification: fromPromise(async ({ input }: { input: ResendVerificationInput }) => {
          await getResendVerification(input.email.trim(), language);
        }),
      },
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, send] = useMachine(machine, {
    input: { verificationToken: search.get('verification_token'), email: search.get('email') ?? '' },
  });

  return (
    <CenteredLayout>
      {state.matches('verifying') ? (
        <SignupVerifyVerifying />
      ) : state.matches('activated') ? (
        <SignupVerifyActivated region={state.context.region} />
      ) : (
        <SignupVerifyInvalid state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupVerifyPage as Component };
