import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { AuthenticatedShell } from '#src/components/app-shell.tsx';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';
import { OwnerOnlyNotice } from '#src/components/owner-only-notice.tsx';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { CreateGrantDialog } from './create-grant-dialog.tsx';
import { credentialsActors } from './credentials.actors.ts';
import { CredentialsAccessDenied } from './credentials-access-denied.tsx';
import { CredentialsAuthError } from './credentials-auth-error.tsx';
import { CredentialsConfirmChange } from './credentials-confirm-change.tsx';
import { CredentialsConfirmDelete } from './credentials-confirm-delete.tsx';
import { CredentialsFailed } from './credentials-failed.tsx';
import { CredentialsList } from './credentials-list.tsx';
import { CredentialsOAuthInfo } from './credentials-oauth-info.tsx';

/** Owns the credentials actor (which invokes the create-grant one) and picks the views for its state. */
export function CredentialsPage() {
  usePageTitle(msg`OAuth credentials`);
  return (
    <AuthenticatedShell>
      <Credentials />
    </AuthenticatedShell>
  );
}

function Credentials() {
  const { t } = useLingui();
  const machine = useProvidedMachine(credentialsMachine, { actors: credentialsActors });
  const [state, send] = useMachine(machine);

  // Login in the popup, or a 401 from any call: the login page, then back to this page.
  const leaving = state.matches('loggedOut') || state.matches('sessionEnded');
  useReturnToLoginWhen(leaving);

  // States that show only a notice, a popup or progress keep the page's one h1 out of sight.
  const heading = <HiddenPageHeading title={msg`OAuth credentials`} />;
  if (state.matches('notOwner')) {
    return (
      <>
        {heading}
        <OwnerOnlyNotice />
      </>
    );
  }
  if (state.matches('accessDenied')) return <CredentialsAccessDenied />;
  if (state.matches('authError') || state.matches('loggingOut')) {
    return (
      <>
        {heading}
        <CredentialsAuthError state={state} send={send} />
      </>
    );
  }
  if (state.matches('failed')) return <CredentialsFailed state={state} send={send} />;
  if (leaving) {
    return (
      <Center py="xl">
        {heading}
        <Loader role="progressbar" aria-label={t`Going to the login page`} />
      </Center>
    );
  }
  const createGrant = state.children.createGrant;
  return (
    <>
      <CredentialsList state={state} send={send} />
      {state.matches({ list: 'confirmChange' }) || state.matches({ list: 'changing' }) ? (
        <CredentialsConfirmChange state={state} send={send} />
      ) : null}
      {state.matches({ list: 'confirmDelete' }) || state.matches({ list: 'deleting' }) ? (
        <CredentialsConfirmDelete state={state} send={send} />
      ) : null}
      {state.matches({ list: 'showSecret' }) || state.matches({ list: 'showInfo' }) ? (
        <CredentialsOAuthInfo state={state} send={send} />
      ) : null}
      {state.matches({ list: 'creating' }) && createGrant ? <CreateGrantDialog actor={createGrant} /> : null}
    </>
  );
}

/** The router's lazy-route entry. */
export { CredentialsPage as Component };
