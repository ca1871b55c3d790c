import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { logoutMachine } from '#machines/logout/logout.machine.ts';
import { safeReturnTo } from '#shared-domain/redirect.ts';
import { paths } from '#src/app/paths.ts';
import { CenteredLayout } from '#src/components/centered-layout.tsx';
import { clearLocalStorage } from '#src/lib/session.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { logoutActors } from './logout.actors.ts';
import { LogoutDone } from './logout-done.tsx';

export function LogoutPage() {
  usePageTitle(msg`Logout`);
  const [search] = useSearchParams();
  // login_url comes from the query: the Login button may only lead to a page of the portal (the rule return_to obeys).
  const loginUrl = safeReturnTo(search.get('login_url'), paths.login);
  const machine = useProvidedMachine(logoutMachine, { actors: logoutActors });
  const [state] = useMachine(machine);

  // product.md §3: all local storage is cleared on logout, whatever the server said.
  useEffect(() => clearLocalStorage(), []);

  // product.md §4: nothing at all until the logout call returns.
  if (state.hasTag('busy')) return null;
  return (
    <CenteredLayout>
      <LogoutDone failure={state.hasTag('error') ? state.context.failure : null} loginUrl={loginUrl} />
    </CenteredLayout>
  );
}

export { LogoutPage as Component };
