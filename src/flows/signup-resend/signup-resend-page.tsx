import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signupResendMachine } from '#machines/signup-resend/signup-resend.machine.ts';
import { paths } from '#src/app/paths.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { signupResendActors } from './signup-resend.actors.ts';
import { SignupResendAsking } from './signup-resend-asking.tsx';
import { SignupResendChecking } from './signup-resend-checking.tsx';
import { SignupResendFailed } from './signup-resend-failed.tsx';
import { SignupResendNeeded } from './signup-resend-needed.tsx';

/** Owns the verify-needed actor (/pages/signup/resend?email) and picks the view; a verified account goes to login. */
export function SignupResendPage() {
  usePageTitle(msg`Verify your email`);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const machine = useProvidedMachine(signupResendMachine, { actors: signupResendActors });
  const [state, send] = useMachine(machine, { input: { email: search.get('email') ?? '' } });

  // An account already verified goes to login (found on load, or by a resend that found nothing to do).
  const verified = state.hasTag('verified');
  useEffect(() => {
    if (verified) navigate(paths.login, { replace: true });
  }, [verified, navigate]);

  return (
    <CenteredLayout>
      {verified || state.matches('checking') ? (
        <SignupResendChecking />
      ) : state.matches('checkFailed') ? (
        <SignupResendFailed state={state} send={send} />
      ) : state.matches('needsVerification') ? (
        <SignupResendNeeded state={state} send={send} />
      ) : (
        <SignupResendAsking state={state} send={send} />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupResendPage as Component };
