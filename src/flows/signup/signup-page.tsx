import { useMachine } from '@xstate/react';
import { signupMachine } from '../../../machines/signup/signup.machine.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { useCarriedQuery } from '../../lib/carried-query.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { SignupCaptcha, type CaptchaComponent } from './signup-captcha.tsx';
import { SignupDone } from './signup-done.tsx';
import { signupActors } from './signup.actors.ts';
import { SignupForm } from '../../components/signup-form/signup-form.tsx';
import { msg } from '@lingui/core/macro';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * Owns the signup actor and picks the view for its state. `Captcha` is where the token comes from: the configured
 * provider in the app, a stand-in in tests.
 */
export function SignupPage({ Captcha = SignupCaptcha }: { Captcha?: CaptchaComponent }) {
  usePageTitle(msg`Sign up`);
  const { linkSearch } = useCarriedQuery([]);
  const machine = useProvidedMachine(signupMachine, { actors: signupActors });
  const [state, send] = useMachine(machine);

  return (
    <CenteredLayout>
      {state.matches('signedUp') ? (
        <SignupDone state={state} send={send} linkSearch={linkSearch} />
      ) : (
        <SignupForm
          state={state}
          send={send}
          linkSearch={linkSearch}
          captcha={
            // A spent token needs a fresh challenge: a new round mounts a new captcha.
            <Captcha
              key={state.context.captchaRound}
              onSolve={(token) => send({ type: 'captcha.solve', token })}
              onExpire={() => send({ type: 'captcha.expire' })}
            />
          }
        />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupPage as Component };
