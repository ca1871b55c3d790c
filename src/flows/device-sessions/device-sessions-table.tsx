import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { DeviceSessionsEvent, deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import type { DeviceSession } from '#shared-domain/device-sessions.ts';
import { LastActiveText } from './last-active-text.tsx';
import { type SessionSort, type SortColumn, sortSessions } from './session-order.ts';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Badge.layer.css';

interface Props {
  state: SnapshotFrom<typeof deviceSessionsMachine>;
  send: (event: DeviceSessionsEvent) => void;
  sort: SessionSort;
  onSort: (column: SortColumn) => void;
}

/** Every list state: the sessions (the dialogs of confirm and revoke states open over it). */
export function DeviceSessionsTable({ state, send, sort, onSort }: Props) {
  const { t, i18n } = useLingui();
  const { sessions, users } = state.context;
  if (sessions.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="no-sessions">
        <Trans>No active sessions.</Trans>
      </Text>
    );
  }
  const now = Date.now();
  const userOf = (session: DeviceSession) => users.find((u) => u.id === session.userId);
  const when = (ms: number) => i18n.date(new Date(ms), { dateStyle: 'medium', timeStyle: 'short' });
  const header = (column: SortColumn, label: string) => (
    <SortHeader column={column} sort={sort} onSort={onSort}>
      {label}
    </SortHeader>
  );

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`User`}</Table.Th>
            <Table.Th>{t`Login location`}</Table.Th>
            <Table.Th>{t`Last location`}</Table.Th>
            {header('loginTime', t`Login time`)}
            {header('deviceDescription', t`Device description`)}
            {header('lastActive', t`Last active`)}
            <Table.Th>{t`Revoke`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortSessions(sessions, users, sort, i18n.locale).map((session) => {
            const user = userOf(session);
            const userName = user?.friendlyName ?? '';
            const { deviceDescription } = session;
            return (
              <Table.Tr key={session.id} data-testid={`session-${session.id}`}>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm">{userName}</Text>
                    {user && !user.owner ? (
                      <Text size="xs" c="dimmed">
                        <Trans>Secondary User</Trans>
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>{place(session.loginCountryCode, session.loginIp)}</Table.Td>
                <Table.Td>{place(session.lastCountryCode, session.lastIp)}</Table.Td>
                <Table.Td>{when(session.loginTime)}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm">{deviceDescription}</Text>
                    {session.current ? (
                      <Badge size="sm" variant="light">
                        <Trans>This device</Trans>
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <LastActiveText at={session.lastActive} now={now} />
                </Table.Td>
                <Table.Td>
                  {session.current ? (
                    <Text size="xs" c="dimmed">
                      <Trans>Use Logout to end this session</Trans>
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={t`Revoke ${deviceDescription} of ${userName}`}
                      disabled={!state.can({ type: 'session.revoke', id: session.id })}
                      onClick={() => send({ type: 'session.revoke', id: session.id })}
                    >
                      <Trans>Revoke</Trans>
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The country the address was seen from when the CDN said so, then the address itself. */
function place(countryCode: string | null, ip: string): string {
  return countryCode ? `${countryCode} (${ip})` : ip;
}

/** A header that sorts: a real button (keyboard and screen readers), with the order announced by aria-sort. */
function SortHeader({
  column,
  sort,
  onSort,
  children,
}: {
  column: SortColumn;
  sort: SessionSort;
  onSort: (c: SortColumn) => void;
  children: ReactNode;
}) {
  const active = sort.column === column;
  return (
    <Table.Th aria-sort={active ? sort.direction : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <SortIcon direction={active ? sort.direction : null} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SortIcon({ direction }: { direction: SessionSort['direction'] | null }) {
  const d =
    direction === 'ascending'
      ? 'M6 15l6-6 6 6'
      : direction === 'descending'
        ? 'M6 9l6 6 6-6'
        : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
