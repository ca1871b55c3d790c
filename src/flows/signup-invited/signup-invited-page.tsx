import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useSearchParams } from 'react-router-dom';
import { signupInvitedMachine } from '../../../machines/signup-invited/signup-invited.machine.ts';
import type { SignupRequest } from '../../../machines/signup/signup.machine.ts';
import { postInvitedSignup } from '../../api/account.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { activeLocale } from '../../lib/active-locale.ts';
import { SignupForm } from '../signup/signup-form.tsx';
import { SignupInvitedDone } from './signup-invited-done.tsx';

/** Owns the invited-signup actor and picks the view: the signup form (email fixed by the invitation), then done. */
export function SignupInvitedPage() {
  const [search] = useSearchParams();
  const machine = useMemo(() => {
    // The query is read once, like the machine's input: the page does not change it while it lives.
    const invitationToken = search.get('invitation_token') ?? '';
    return signupInvitedMachine.provide({
      actors: {
        submitSignup: fromPromise(async ({ input }: { input: SignupRequest }) => {
          const { message } = await postInvitedSignup(invitationToken, {
            email: input.email.trim(),
            password: input.password,
            friendly_name: input.friendlyName.trim(),
            accept_terms: true,
            language: activeLocale(),
          });
          return { message };
        }),
      },
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, send] = useMachine(machine, { input: { email: search.get('email') ?? '' } });

  return (
    <CenteredLayout>
      {state.matches('signedUp') ? <SignupInvitedDone message={state.context.message} /> : <SignupForm state={state} send={send} />}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupInvitedPage as Component };
