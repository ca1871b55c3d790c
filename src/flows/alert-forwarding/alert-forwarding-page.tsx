import { msg } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { alertForwardingMachine } from '#machines/alert-forwarding/alert-forwarding.machine.ts';
import { paths } from '#src/app/paths.ts';
import { AuthenticatedShell } from '#src/components/app-shell.tsx';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { alertForwardingActors } from './alert-forwarding.actors.ts';
import { AlertForwardingConfigured } from './alert-forwarding-configured.tsx';
import { AlertForwardingConfirm } from './alert-forwarding-confirm.tsx';
import { AlertForwardingEditDialog } from './alert-forwarding-edit-dialog.tsx';
import { AlertForwardingErrorDialog } from './alert-forwarding-error-dialog.tsx';
import { AlertForwardingKeysDialog } from './alert-forwarding-keys-dialog.tsx';
import { AlertForwardingLoading } from './alert-forwarding-loading.tsx';
import { AlertForwardingNotConfigured } from './alert-forwarding-not-configured.tsx';
import { AlertForwardingSetupDialog } from './alert-forwarding-setup-dialog.tsx';

/** /pages/alert-forwarding-config?client_uid=…: owns the actor of one credential's alert forwarding. */
export function AlertForwardingPage() {
  usePageTitle(msg`Alert forwarding`);
  return (
    <AuthenticatedShell>
      <AlertForwarding />
    </AuthenticatedShell>
  );
}

function AlertForwarding() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const clientUid = search.get('client_uid') ?? '';
  const machine = useProvidedMachine(alertForwardingMachine, { actors: alertForwardingActors });
  const [state, send] = useMachine(machine, { input: { clientUid } });

  const denied = state.matches('accessDenied');
  useEffect(() => {
    if (denied) navigate(paths.accessDenied, { replace: true });
  }, [denied, navigate]);
  // A 401 from any call: the login page, then back to this credential's page.
  const ended = state.matches('sessionEnded');
  useReturnToLoginWhen(ended);

  if (state.matches('loading') || denied || ended) return <AlertForwardingLoading />;
  if (state.matches('notConfigured')) {
    return (
      <>
        <AlertForwardingNotConfigured state={state} send={send} />
        {state.matches({ notConfigured: 'showError' }) ? (
          <AlertForwardingErrorDialog state={state} send={send} />
        ) : null}
        {state.matches({ notConfigured: 'settingUp' }) || state.matches({ notConfigured: 'savingSetup' }) ? (
          <AlertForwardingSetupDialog state={state} send={send} />
        ) : null}
      </>
    );
  }
  const dialog = (
    ...modes: Array<
      | 'editing'
      | 'savingEdit'
      | 'showKeys'
      | 'confirmRenew'
      | 'renewing'
      | 'confirmClear'
      | 'clearing'
      | 'confirmStopV3'
      | 'stoppingV3'
    >
  ) => modes.some((mode) => state.matches({ configured: mode }));
  return (
    <>
      <AlertForwardingConfigured state={state} send={send} />
      {dialog('editing', 'savingEdit') ? <AlertForwardingEditDialog state={state} send={send} /> : null}
      {dialog('showKeys') ? <AlertForwardingKeysDialog state={state} send={send} /> : null}
      {dialog('confirmRenew', 'renewing') ? <AlertForwardingConfirm action="renew" state={state} send={send} /> : null}
      {dialog('confirmClear', 'clearing') ? <AlertForwardingConfirm action="clear" state={state} send={send} /> : null}
      {dialog('confirmStopV3', 'stoppingV3') ? (
        <AlertForwardingConfirm action="stopV3" state={state} send={send} />
      ) : null}
    </>
  );
}

/** The router's lazy-route entry. */
export { AlertForwardingPage as Component };
