import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AlertForwardingField } from '#machines/alert-forwarding/alert-forwarding.machine.ts';
import { CopyField } from '#src/components/copy-field.tsx';
import { AlertForwardingDeliveryLog } from './alert-forwarding-delivery-log.tsx';
import { AlertForwardingDocs } from './alert-forwarding-docs.tsx';
import { AlertForwardingHeader } from './alert-forwarding-header.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';

/** configured and every dialog over it: the webhook and key, each copyable and editable, and the account actions. */
export function AlertForwardingConfigured({ state, send }: AlertForwardingViewProps) {
  const { t } = useLingui();
  const { config } = state.context;
  if (!config) return null;
  const editButton = (field: AlertForwardingField, label: string) => (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={label}
      disabled={!state.can({ type: 'field.edit', field })}
      onClick={() => send({ type: 'field.edit', field })}
    >
      <Trans>Edit</Trans>
    </Button>
  );
  return (
    <Stack gap="md">
      <AlertForwardingHeader name={config.name} />
      <Paper withBorder p="lg">
        <Stack gap="lg">
          <Field action={editButton('url', t`Edit webhook URL`)}>
            <CopyField label={t`Webhook URL`} value={config.url} copyLabel={t`Copy webhook URL`} testId="webhook-url" />
          </Field>
          <Field action={editButton('publicKey', t`Edit RSA public key`)}>
            <CopyField
              label={t`RSA public key`}
              value={config.group_public_key}
              copyLabel={t`Copy RSA public key`}
              testId="group-public-key"
            />
          </Field>
          {/* Public, and needed to verify every alert: always here, unlike the AES key. */}
          <CopyField
            label={t`Portal RSA public key`}
            description={t`Verify the signature of every alert with this key.`}
            value={config.portal_public_key}
            copyLabel={t`Copy the portal RSA public key`}
            testId="configured-portal-public-key"
          />
          <AlertForwardingDocs />
        </Stack>
      </Paper>
      <Group gap="sm">
        <Button
          variant="default"
          disabled={!state.can({ type: 'keys.renew' })}
          onClick={() => send({ type: 'keys.renew' })}
        >
          <Trans>Acquire New Keys</Trans>
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!state.can({ type: 'data.clear' })}
          onClick={() => send({ type: 'data.clear' })}
        >
          <Trans>Clear Data</Trans>
        </Button>
        {/* product.md §2: shown only while the account has a company id, i.e. still receives V3 alerts. */}
        {config.companyId ? (
          // Outlined in the darkest accent: orange text on a light orange fill stays under 4.5:1 at any shade.
          <Button
            color="accent.9"
            variant="outline"
            disabled={!state.can({ type: 'v3.stop' })}
            onClick={() => send({ type: 'v3.stop' })}
          >
            <Trans>Stop Sending V3 Alerts</Trans>
          </Button>
        ) : null}
      </Group>
      <AlertForwardingDeliveryLog state={state} send={send} />
    </Stack>
  );
}

function Field({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <Group align="center" wrap="nowrap" gap="sm">
      <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      {action}
    </Group>
  );
}
