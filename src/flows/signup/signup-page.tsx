import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { signupMachine } from '#machines/signup/signup.machine.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { SignupForm } from '#src/components/signup-form/signup-form.tsx';
import { useCarriedQuery } from '#src/lib/carried-query.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { signupActors } from './signup.actors.ts';
import { type CaptchaComponent, SignupCaptcha } from './signup-captcha.tsx';
import { SignupDone } from './signup-done.tsx';

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
