import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Code, Group, Table, Text } from '@mantine/core';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import { BusyButton } from '#src/components/busy-button.tsx';
import { answerText, lastAttempt, millis, stateText, typeText, when } from './alert-forwarding-delivery-words.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Badge.layer.css';

interface Props extends AlertForwardingViewProps {
  deliveries: AlertDeliveryEntry[];
  /** Remembers the button pressed, so focus can go back to it once the log is in again. */
  onPress: (target: string) => void;
}

/** One row per delivery, newest first; Redeliver on a failed one. Wider than a phone: it scrolls in its own box. */
export function AlertForwardingDeliveryTable({ state, send, deliveries, onPress }: Props) {
  const { t, i18n } = useLingui();
  if (deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="delivery-log-empty">
        <Trans>No deliveries yet. Send a test alert to see how your webhook answers.</Trans>
      </Text>
    );
  }
  return (
    // Focusable, so a keyboard can scroll it; a region, so a screen reader can find it.
    <Box
      role="region"
      aria-label={t`Delivery log, scrollable`}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table striped verticalSpacing="xs" miw={820} aria-label={t`Delivery log`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Time`}</Table.Th>
            <Table.Th>{t`Alert`}</Table.Th>
            <Table.Th>{t`Attempt`}</Table.Th>
            <Table.Th>{t`Answer`}</Table.Th>
            <Table.Th>{t`Latency`}</Table.Th>
            <Table.Th>{t`Next retry`}</Table.Th>
            <Table.Th>{t`State`}</Table.Th>
            <Table.Th>{t`Action`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => {
            const last = lastAttempt(d);
            const redeliver = { type: 'delivery.redeliver', id: d.id } as const;
            return (
              <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                <Table.Td>{when(i18n, d.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    <Text size="sm">{typeText(i18n, d.type)}</Text>
                    {d.kind === 'test' ? <Badge size="xs" color="gray.8" variant="outline">{t`Test`}</Badge> : null}
                    {d.kind === 'ping' ? <Badge size="xs" color="gray.8" variant="outline">{t`Ping`}</Badge> : null}
                    {d.version === 3 ? (
                      <Badge size="xs" color="gray.8" variant="outline">
                        V3
                      </Badge>
                    ) : null}
                  </Group>
                  <Code style={{ wordBreak: 'break-all' }}>{d.alert_id}</Code>
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{answerText(i18n, d)}</Table.Td>
                <Table.Td>{last?.latency_ms == null ? '—' : millis(i18n, last.latency_ms)}</Table.Td>
                <Table.Td>{d.next_attempt_at === null ? '—' : when(i18n, d.next_attempt_at)}</Table.Td>
                <Table.Td>{stateText(i18n, d)}</Table.Td>
                <Table.Td>
                  {d.status === 'failed' ? (
                    <BusyButton
                      size="compact-sm"
                      variant="light"
                      busy={state.matches({ configured: 'redelivering' }) && state.context.redelivering === d.id}
                      enabled={state.can(redeliver)}
                      onClick={() => {
                        onPress(`[data-testid="delivery-${d.id}"] button`);
                        send(redeliver);
                      }}
                    >
                      <Trans>Redeliver</Trans>
                    </BusyButton>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
