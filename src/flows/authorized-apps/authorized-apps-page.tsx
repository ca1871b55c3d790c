import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import { AuthenticatedShell } from '#src/components/app-shell.tsx';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { authorizedAppsActors } from './authorized-apps.actors.ts';
import { AuthorizedAppsConfirm } from './authorized-apps-confirm.tsx';
import { AuthorizedAppsEnded } from './authorized-apps-ended.tsx';
import { AuthorizedAppsFailed } from './authorized-apps-failed.tsx';
import { AuthorizedAppsLoading } from './authorized-apps-loading.tsx';
import { AuthorizedAppsTable } from './authorized-apps-table.tsx';

/** Owns the authorized-applications actor (/pages/authorized-apps) and picks the view for its state. */
export function AuthorizedAppsPage() {
  usePageTitle(msg`Authorized applications`);
  return (
    <AuthenticatedShell>
      <AuthorizedApps />
    </AuthenticatedShell>
  );
}

/** Inside the shell, so that a visitor without a session is sent to login before anything is asked of the server. */
function AuthorizedApps() {
  const machine = useProvidedMachine(authorizedAppsMachine, { actors: authorizedAppsActors });
  const [state, send] = useMachine(machine);
  const ended = state.matches('sessionEnded');
  useReturnToLoginWhen(ended);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          <Trans>Authorized applications</Trans>
        </Title>
        <Button
          variant="default"
          loading={state.matches('loading')}
          disabled={!state.can({ type: 'apps.refresh' })}
          onClick={() => send({ type: 'apps.refresh' })}
        >
          <Trans>Refresh</Trans>
        </Button>
      </Group>
      {state.matches('loading') ? (
        <AuthorizedAppsLoading />
      ) : state.matches('loadFailed') ? (
        <AuthorizedAppsFailed state={state} />
      ) : ended ? (
        <AuthorizedAppsEnded />
      ) : (
        <AuthorizedAppsTable state={state} send={send} />
      )}
      <AuthorizedAppsConfirm state={state} send={send} />
    </Stack>
  );
}

/** The router's lazy-route entry. */
export { AuthorizedAppsPage as Component };
