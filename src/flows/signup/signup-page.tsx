import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signupMachine, type SignupRequest } from '../../../machines/signup/signup.machine.ts';
import type { ResendVerificationInput } from '../../../machines/shared/resend-verification.ts';
import { getResendVerification, postSignup } from '../../api/account.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { activeLocale } from '../../lib/active-locale.ts';
import { useCarriedQuery } from '../../lib/carried-query.ts';
import { useProvidedMachine } from '../../lib/use-provided-machine.ts';
import { SignupCaptcha, type CaptchaComponent } from './signup-captcha.tsx';
import { SignupDone } from './signup-done.tsx';
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
  const machine = useProvidedMachine(signupMachine, {
    actors: {
      submitSignup: fromPromise(async ({ input }: { input: SignupRequest }) => {
        const { message } = await postSignup({
          email: input.email.trim(),
          password: input.password,
          friendly_name: input.friendlyName.trim(),
          accept_terms: true,
          language: activeLocale(),
          captcha_token: input.captchaToken ?? '',
        });
        return { message };
      }),
      resendVerification: fromPromise(async ({ input }: { input: ResendVerificationInput }) => {
        await getResendVerification(input.email.trim(), activeLocale());
      }),
    },
  });
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
