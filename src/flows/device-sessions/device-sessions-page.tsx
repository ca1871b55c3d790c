import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import { AuthenticatedShell } from '#src/components/app-shell.tsx';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { usePageTitle } from '#src/lib/use-page-title.ts';
import { useProvidedMachine } from '#src/lib/use-provided-machine.ts';
import { deviceSessionsActors } from './device-sessions.actors.ts';
import { DeviceSessionsConfirmRevoke } from './device-sessions-confirm-revoke.tsx';
import { DeviceSessionsConfirmRevokeAll } from './device-sessions-confirm-revoke-all.tsx';
import { DeviceSessionsFailed } from './device-sessions-failed.tsx';
import { DeviceSessionsLoading } from './device-sessions-loading.tsx';
import { DeviceSessionsTable } from './device-sessions-table.tsx';
import { DEFAULT_SORT, nextSort, type SessionSort } from './session-order.ts';

/** Owns the device-sessions actor (/pages/device-sessions) and picks the view for its state. */
export function DeviceSessionsPage() {
  usePageTitle(msg`Device sessions`);
  return (
    <AuthenticatedShell>
      <DeviceSessions />
    </AuthenticatedShell>
  );
}

/** Inside the shell, so that a visitor without a session is sent to login before anything is asked of the server. */
function DeviceSessions() {
  const { t } = useLingui();
  const machine = useProvidedMachine(deviceSessionsMachine, { actors: deviceSessionsActors });
  const [state, send] = useMachine(machine);
  // The order is the table's business, but it lives here so that a Refresh (which unmounts the table) keeps it.
  const [sort, setSort] = useState<SessionSort>(DEFAULT_SORT);

  const ended = state.matches('sessionEnded');
  useReturnToLoginWhen(ended);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h3">
            <Trans>Device sessions</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Revoke All signs out every session listed except this device.</Trans>
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            loading={state.matches('loading')}
            disabled={!state.can({ type: 'sessions.refresh' })}
            onClick={() => send({ type: 'sessions.refresh' })}
          >
            <Trans>Refresh</Trans>
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={!state.can({ type: 'sessions.revokeAll' })}
            onClick={() => send({ type: 'sessions.revokeAll' })}
          >
            <Trans>Revoke All</Trans>
          </Button>
        </Group>
      </Group>
      {state.matches('loading') ? (
        <DeviceSessionsLoading />
      ) : state.matches('loadFailed') ? (
        <DeviceSessionsFailed state={state} />
      ) : ended ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label={t`Going to the login page`} />
        </Center>
      ) : (
        <DeviceSessionsTable
          state={state}
          send={send}
          sort={sort}
          onSort={(column) => setSort((s) => nextSort(s, column))}
        />
      )}
      {state.matches({ list: 'confirmRevoke' }) || state.matches({ list: 'revoking' }) ? (
        <DeviceSessionsConfirmRevoke state={state} send={send} />
      ) : null}
      {state.matches({ list: 'confirmRevokeAll' }) || state.matches({ list: 'revokingAll' }) ? (
        <DeviceSessionsConfirmRevokeAll state={state} send={send} />
      ) : null}
    </Stack>
  );
}

/** The router's lazy-route entry. */
export { DeviceSessionsPage as Component };
