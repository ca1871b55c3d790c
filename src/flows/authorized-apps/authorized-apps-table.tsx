import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { AuthorizedAppsEvent, authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { AppPermissions } from './app-permissions.tsx';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/List.layer.css';
import { developerErrors } from '#src/lib/developer-errors.ts';

interface Props {
  state: SnapshotFrom<typeof authorizedAppsMachine>;
  send: (event: AuthorizedAppsEvent) => void;
}

/** ready, confirming and removing: the applications (or the empty-state text), and a failed removal's error. */
export function AuthorizedAppsTable({ state, send }: Props) {
  const { t, i18n } = useLingui();
  // Which rows show their permissions is a matter of this table alone.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { apps, error } = state.context;
  const toggle = (clientId: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(clientId)) next.add(clientId);
      return next;
    });

  return (
    <>
      <StatusMessage kind="error">{error ? i18n._(developerErrors[error]) : null}</StatusMessage>
      {apps.length === 0 ? (
        <Text c="dimmed" data-testid="no-apps">
          <Trans>You have not authorized any applications.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Application name`}</Table.Th>
                <Table.Th>{t`Consented by`}</Table.Th>
                <Table.Th>{t`Consented date`}</Table.Th>
                <Table.Th>{t`Allowed permissions`}</Table.Th>
                <Table.Th>{t`Remove`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {apps.map((app) => {
                const open = expanded.has(app.clientId);
                const { applicationName } = app;
                return (
                  <Fragment key={app.clientId}>
                    <Table.Tr data-testid={`app-${app.clientId}`}>
                      <Table.Td>{applicationName}</Table.Td>
                      <Table.Td>
                        {app.consentedBy.map((name, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: two users may share a name; the list is redrawn whole
                          <div key={index}>{name}</div>
                        ))}
                      </Table.Td>
                      <Table.Td>{i18n.date(new Date(app.consentedAt), { dateStyle: 'medium' })}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          aria-expanded={open}
                          aria-label={
                            open ? t`Hide permissions of ${applicationName}` : t`View permissions of ${applicationName}`
                          }
                          onClick={() => toggle(app.clientId)}
                        >
                          {open ? <Trans>Hide</Trans> : <Trans>View</Trans>}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        {/* The server says per row whether this user may remove it; the machine, whether now. */}
                        {app.removable ? (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={t`Remove ${applicationName}`}
                            disabled={!state.can({ type: 'app.remove', clientId: app.clientId })}
                            loading={state.matches('removing') && state.context.removing === app.clientId}
                            onClick={() => send({ type: 'app.remove', clientId: app.clientId })}
                          >
                            <Trans>Remove</Trans>
                          </Button>
                        ) : (
                          <Text size="sm" c="dimmed">
                            <Trans>Only the account owner can remove this</Trans>
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {open ? (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          {/* On a phone the table scrolls sideways, and View sits in its fourth column: the list keeps
                              to the visible part of the row, not to its start, which is scrolled out of sight then. */}
                          <div
                            style={{
                              position: 'sticky',
                              left: 'var(--table-horizontal-spacing, 0px)',
                              width: 'max-content',
                              maxWidth: 'calc(100vw - 4rem)',
                            }}
                          >
                            <AppPermissions allowedScope={app.allowedScope} />
                          </div>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
