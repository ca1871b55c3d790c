import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { signupVerifyMachine } from '#machines/signup-verify/signup-verify.machine.ts';
import { toLocale } from '#shared-domain/locales.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { activeLocale } from '#src/lib/active-locale.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { signupVerifyActors } from './signup-verify.actors.ts';
import { SignupVerifyActivated } from './signup-verify-activated.tsx';
import { SignupVerifyAlreadyActive } from './signup-verify-already-active.tsx';
import { SignupVerifyFailed } from './signup-verify-failed.tsx';
import { SignupVerifyInvalid } from './signup-verify-invalid.tsx';
import { SignupVerifyVerifying } from './signup-verify-verifying.tsx';

/** Owns the activation actor (/pages/signup/verify?verification_token&email&language) and picks the view. */
export function SignupVerifyPage() {
  usePageTitle(msg`Account activation`);
  const [search] = useSearchParams();
  // The link names the language the account signed up in; the new mail is written in it too (actors are the first
  // render's, so the language is the one the page opened with).
  const language = toLocale(search.get('language')) ?? activeLocale();
  const machine = useProvidedMachine(signupVerifyMachine, { actors: signupVerifyActors(language) });
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
