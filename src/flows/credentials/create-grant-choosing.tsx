import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CreateGrantEvent, createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import type { GrantType } from '#shared-domain/credentials.ts';

interface Props {
  state: SnapshotFrom<typeof createGrantMachine>;
  send: (event: CreateGrantEvent) => void;
}

/** choosing: which kind of credential; a kind the account holds the most of says so instead of being offered. */
export function CreateGrantChoosing({ state, send }: Props) {
  const { t } = useLingui();
  const limit = state.context.limits.clients_per_grant_type;
  const option = (grantType: GrantType, label: string, about: string, full: string) => {
    const allowed = state.can({ type: 'type.choose', grantType });
    return (
      <Paper withBorder p="md">
        <Stack gap="xs" align="flex-start">
          <Button variant="light" onClick={() => send({ type: 'type.choose', grantType })} disabled={!allowed}>
            {label}
          </Button>
          <Text size="sm" c="dimmed">
            {about}
          </Text>
          {allowed ? null : (
            <Text size="sm" c="red" data-testid={`cap-reached-${grantType}`}>
              {full}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>Choose the grant type</Trans>
      </Text>
      {option(
        'client_credentials',
        t`Client credentials`,
        t`Your own server calls the API for this account, with no person signing in.`,
        t`All ${limit} client credentials grants this account may have are in use. Delete one to create another.`,
      )}
      {option(
        'authorization_code',
        t`Authorization code`,
        t`An application asks people to sign in here and consent; they are sent back to your redirect URIs.`,
        t`All ${limit} authorization code grants this account may have are in use. Delete one to create another.`,
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => send({ type: 'dialog.close' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
