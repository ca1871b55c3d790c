import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import type { Credential } from '#shared-domain/credentials.ts';
import { paths, withQuery } from '#src/app/paths.ts';
import { CredentialsForwardingHealth } from './credentials-forwarding-health.tsx';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** product.md §2: one row per credential; every button asks the machine whether it may act now. */
export function CredentialsTable({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { clients } = state.context;
  const grantTypeLabel = (c: Credential) =>
    c.grant_type === 'authorization_code' ? t`Authorization code` : t`Client credentials`;

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label={t`OAuth credentials`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Credential ID`}</Table.Th>
            <Table.Th>{t`Application name`}</Table.Th>
            <Table.Th>{t`Grant type`}</Table.Th>
            <Table.Th>{t`Alert forwarding`}</Table.Th>
            <Table.Th>{t`Client secret`}</Table.Th>
            <Table.Th>{t`Redirect URIs`}</Table.Th>
            <Table.Th>{t`Last used`}</Table.Th>
            <Table.Th>{t`Delete`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((c) => (
            <Table.Tr key={c.id} data-testid={`credential-${c.id}`}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Code>{c.id}</Code>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    disabled={!state.can({ type: 'info.show', id: c.id })}
                    onClick={() => send({ type: 'info.show', id: c.id })}
                  >
                    <Trans>OAuth information</Trans>
                  </Button>
                </Stack>
              </Table.Td>
              <Table.Td>{c.application_name}</Table.Td>
              <Table.Td>{grantTypeLabel(c)}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Button
                    size="compact-sm"
                    variant="light"
                    component={Link}
                    to={withQuery(paths.alertForwardingConfig, { client_uid: c.client_uid })}
                  >
                    <Trans>Setup</Trans>
                  </Button>
                  <CredentialsForwardingHealth health={c.alert_forwarding} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!state.can({ type: 'secret.change', id: c.id })}
                  onClick={() => send({ type: 'secret.change', id: c.id })}
                >
                  <Trans>Change</Trans>
                </Button>
              </Table.Td>
              <Table.Td>
                {c.redirect_uris.length ? (
                  c.redirect_uris.map((uri) => (
                    <Text key={uri} size="sm" style={{ wordBreak: 'break-all' }}>
                      {uri}
                    </Text>
                  ))
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {c.last_used_at === null
                  ? t`Never`
                  : i18n.date(new Date(c.last_used_at), { dateStyle: 'medium', timeStyle: 'short' })}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  disabled={!state.can({ type: 'grant.delete', id: c.id })}
                  onClick={() => send({ type: 'grant.delete', id: c.id })}
                >
                  <Trans>Delete</Trans>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
