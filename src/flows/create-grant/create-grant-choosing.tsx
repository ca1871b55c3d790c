import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CreateGrantEvent, createGrantMachine } from '../../../machines/create-grant/create-grant.machine.ts';

interface Props {
  state: SnapshotFrom<typeof createGrantMachine>;
  send: (event: CreateGrantEvent) => void;
}

/** choosing: which kind of credential. */
export function CreateGrantChoosing({ state, send }: Props) {
  const choose = (grantType: 'client_credentials' | 'authorization_code') => send({ type: 'type.choose', grantType });
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>Choose the grant type</Trans>
      </Text>
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-start">
          <Button variant="light" onClick={() => choose('client_credentials')} disabled={!state.can({ type: 'type.choose', grantType: 'client_credentials' })}>
            <Trans>Client credentials</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>Your own server calls the API for this account, with no person signing in.</Trans>
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-start">
          <Button variant="light" onClick={() => choose('authorization_code')} disabled={!state.can({ type: 'type.choose', grantType: 'authorization_code' })}>
            <Trans>Authorization code</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>An application asks people to sign in here and consent; they are sent back to your redirect URIs.</Trans>
          </Text>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => send({ type: 'dialog.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
