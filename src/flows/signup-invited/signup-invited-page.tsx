import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { signupInvitedMachine } from '#machines/signup-invited/signup-invited.machine.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { SignupForm } from '#src/components/signup-form/signup-form.tsx';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { signupInvitedActors } from './signup-invited.actors.ts';
import { SignupInvitedChecking } from './signup-invited-checking.tsx';
import { SignupInvitedDone } from './signup-invited-done.tsx';
import { SignupInvitedFailed } from './signup-invited-failed.tsx';
import { SignupInvitedInvalid } from './signup-invited-invalid.tsx';

/**
 * Owns the invited-signup actor and picks the view: the link's check, then the signup form (email fixed by the
 * invitation, as the server names it: the link's own `email` parameter is not trusted), then done; or why the link
 * cannot create an account.
 */
export function SignupInvitedPage() {
  usePageTitle(msg`Invitation`);
  const [search] = useSearchParams();
  // The query is read once (actors are the first render's): the page does not change it while it lives.
  const invitationToken = search.get('invitation_token') ?? '';
  const machine = useProvidedMachine(signupInvitedMachine, { actors: signupInvitedActors(invitationToken) });
  const [state, send] = useMachine(machine);

  return (
    <CenteredLayout>
      {state.matches('checking') ? (
        <SignupInvitedChecking />
      ) : state.matches('checkFailed') ? (
        <SignupInvitedFailed state={state} send={send} />
      ) : state.matches('invalid') ? (
        <SignupInvitedInvalid error={state.context.error} />
      ) : state.matches('signedUp') ? (
        <SignupInvitedDone message={state.context.message} />
      ) : (
        <SignupForm state={state} send={send} emailFixed />
      )}
    </CenteredLayout>
  );
}

/** The router's lazy-route entry. */
export { SignupInvitedPage as Component };
