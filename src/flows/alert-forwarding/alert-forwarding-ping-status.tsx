import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import { answerText, lastAttempt, when } from './alert-forwarding-delivery-words.ts';

/**
 * The newest ping's result, as GitHub shows one after a webhook is created: a setup or a new webhook URL pings it, and
 * this is the first thing to know about it.
 */
export function AlertForwardingPingStatus({ deliveries }: { deliveries: AlertDeliveryEntry[] }) {
  const { i18n } = useLingui();
  const ping = deliveries.find((d) => d.kind === 'ping');
  if (!ping) return null;
  const last = lastAttempt(ping);
  const body = (() => {
    if (!last || last.outcome === 'sending') {
      return <Trans>Ping sent: waiting for your webhook’s answer. Refresh to see it.</Trans>;
    }
    const at = when(i18n, last.started_at);
    if (last.outcome === 'delivered') {
      const status = last.http_status ?? 200;
      const ms = last.latency_ms ?? 0;
      return (
        <Trans>
          Last ping: HTTP {status} in {ms} ms ({at})
        </Trans>
      );
    }
    const answer = answerText(i18n, ping);
    return (
      <Trans>
        Last ping failed: {answer} ({at})
      </Trans>
    );
  })();
  const ok = last?.outcome === 'delivered';
  return (
    // teal.9 and red.9: Mantine's green.9 is 4.4:1 on white and its red.8 4.5:1, which axe fails or barely passes.
    <Text
      size="sm"
      c={ok ? 'teal.9' : last && last.outcome !== 'sending' ? 'red.9' : undefined}
      data-testid="ping-status"
    >
      {body}
    </Text>
  );
}
