import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CreateGrantEvent, createGrantMachine } from '../../../machines/create-grant/create-grant.machine.ts';
import { OAuthInfo } from '../../components/oauth-info.tsx';

interface Props {
  state: SnapshotFrom<typeof createGrantMachine>;
  send: (event: CreateGrantEvent) => void;
}

/** details: the new credential's client_id and secret, this once. */
export function CreateGrantDetails({ state, send }: Props) {
  const created = state.context.created;
  const name = created?.application_name ?? '';
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>The grant {name} is ready.</Trans>
      </Text>
      <OAuthInfo clientId={created?.client_id ?? ''} secret={created?.secret} />
      <Group justify="flex-end">
        <Button onClick={() => send({ type: 'dialog.close' })}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
