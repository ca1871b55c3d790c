import { Trans } from '@lingui/react/macro';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { AlertForwardingDocs } from './alert-forwarding-docs.tsx';
import { AlertForwardingHeader } from './alert-forwarding-header.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';

/** notConfigured (code 28, or a load failure once its error dialog is closed): the way to set up. */
export function AlertForwardingNotConfigured({ state, send }: AlertForwardingViewProps) {
  return (
    <Stack gap="md">
      <AlertForwardingHeader name={null} />
      <Paper withBorder p="lg">
        <Stack gap="md" align="flex-start">
          <Text data-testid="not-configured">
            <Trans>
              Alert forwarding is not set up for this credential. Once it is, every alert is sent to your webhook,
              encrypted to your RSA public key and signed by us.
            </Trans>
          </Text>
          <Button disabled={!state.can({ type: 'setup.open' })} onClick={() => send({ type: 'setup.open' })}>
            <Trans>Set Up Alert Forwarding</Trans>
          </Button>
          <AlertForwardingDocs />
        </Stack>
      </Paper>
    </Stack>
  );
}
