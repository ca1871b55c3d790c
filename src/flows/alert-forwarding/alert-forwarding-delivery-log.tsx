import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { BusyButton } from '#src/components/busy-button.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';
import { useFocusFirstInvalid } from '#src/lib/use-focus-first-invalid.ts';
import { AlertForwardingDeliveryTable } from './alert-forwarding-delivery-table.tsx';
import { AlertForwardingPingStatus } from './alert-forwarding-ping-status.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';

/**
 * configured.loadingLog, idle, sendingTest and redelivering: the delivery log with the last ping's answer, Send test
 * alert, Refresh and Redeliver. Every action reloads the log; a failure stays here, and focus goes to it (decision
 * 0009); after a success focus goes back to the button pressed, once it is enabled again.
 */
export function AlertForwardingDeliveryLog({ state, send }: AlertForwardingViewProps) {
  const { t, i18n } = useLingui();
  const { deliveries, deliveryNotice, deliveryProblem } = state.context;
  const busy = state.hasTag('busy');
  const root = useFocusFirstInvalid<HTMLDivElement>({
    error: deliveryProblem,
    invalidField: null,
    focusFirst: false,
  });
  const pressed = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !pressed.current) return;
    const target = document.querySelector<HTMLElement>(pressed.current);
    pressed.current = null;
    const free = document.activeElement === null || document.activeElement === document.body;
    if (target && free && !target.hasAttribute('disabled')) target.focus();
  }, [busy]);
  const press = (target: string) => {
    pressed.current = target;
  };

  const problem = deliveryProblem
    ? {
        load: t`The delivery log could not be loaded: ${failureText(i18n, deliveryProblem.failure, developerErrors)}`,
        test: t`The test alert could not be sent: ${failureText(i18n, deliveryProblem.failure, developerErrors)}`,
        redeliver: t`The delivery could not be sent again: ${failureText(i18n, deliveryProblem.failure, developerErrors)}`,
      }[deliveryProblem.action]
    : null;
  const notice = deliveryNotice
    ? {
        testQueued: t`Test alert queued: the log below shows how your webhook answers.`,
        redeliveryQueued: t`Redelivery queued: the log below shows how your webhook answers.`,
      }[deliveryNotice]
    : null;

  return (
    <Paper withBorder p="lg" ref={root} data-testid="delivery-log">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4">
            <Trans>Delivery log</Trans>
          </Title>
          <Group gap="sm">
            <BusyButton
              variant="default"
              busy={state.matches({ configured: 'sendingTest' })}
              enabled={state.can({ type: 'test.send' })}
              data-action="send-test"
              onClick={() => {
                press('[data-action="send-test"]');
                send({ type: 'test.send' });
              }}
            >
              <Trans>Send test alert</Trans>
            </BusyButton>
            <BusyButton
              variant="default"
              busy={state.matches({ configured: 'loadingLog' })}
              enabled={state.can({ type: 'log.refresh' })}
              data-action="refresh-log"
              onClick={() => {
                press('[data-action="refresh-log"]');
                send({ type: 'log.refresh' });
              }}
            >
              <Trans>Refresh</Trans>
            </BusyButton>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            Every alert, test alert and ping sent to your webhook, newest first, with how it answered. A failed delivery
            can be sent again.
          </Trans>
        </Text>
        {deliveries ? <AlertForwardingPingStatus deliveries={deliveries} /> : null}
        <StatusMessage kind="success">{notice}</StatusMessage>
        <StatusMessage kind="error">{problem}</StatusMessage>
        {deliveries ? (
          <AlertForwardingDeliveryTable state={state} send={send} deliveries={deliveries} onPress={press} />
        ) : null}
      </Stack>
    </Paper>
  );
}
