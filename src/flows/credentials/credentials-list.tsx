import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { countByGrantType, type GrantType } from '#shared-domain/credentials.ts';
import { CredentialsTable } from './credentials-table.tsx';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** loading and every list state: the toolbar and the table (the rows already shown stay while a refresh runs). */
export function CredentialsList({ state, send }: Props) {
  const { t } = useLingui();
  const loading = state.matches('loading');
  const { clients, limits } = state.context;
  const counts = countByGrantType(clients);
  const usage = (count: number, limit: number, grantType: GrantType) =>
    grantType === 'client_credentials'
      ? t`${count} of ${limit} client credentials grants`
      : t`${count} of ${limit} authorization code grants`;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} size="h3">
            <Trans>OAuth credentials</Trans>
          </Title>
          {/* The server's cap, shown before Create Grant runs into it. */}
          {limits ? (
            <Text size="sm" c="dimmed" data-testid="grant-limits">
              {usage(counts.client_credentials, limits.clients_per_grant_type, 'client_credentials')}
              {' · '}
              {usage(counts.authorization_code, limits.clients_per_grant_type, 'authorization_code')}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            loading={loading}
            disabled={!state.can({ type: 'list.refresh' })}
            onClick={() => send({ type: 'list.refresh' })}
          >
            <Trans>Refresh</Trans>
          </Button>
          <Button disabled={!state.can({ type: 'grant.create' })} onClick={() => send({ type: 'grant.create' })}>
            <Trans>Create Grant</Trans>
          </Button>
        </Group>
      </Group>
      {clients.length > 0 ? (
        <CredentialsTable state={state} send={send} />
      ) : loading ? (
        <Center py="xl">
          <Loader role="progressbar" aria-label={t`Loading`} />
        </Center>
      ) : (
        <Text c="dimmed" ta="center" py="xl" data-testid="credentials-empty">
          <Trans>No credentials yet. Create Grant makes one.</Trans>
        </Text>
      )}
    </Stack>
  );
}
