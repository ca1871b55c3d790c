import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from '../../components/copy-field.tsx';
import { AlertForwardingDocs } from './alert-forwarding-docs.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.css';

/** configured.showKeys: after a setup or Acquire New Keys, the keys shown this once and an example alert. */
export function AlertForwardingKeysDialog({ state, send }: AlertForwardingViewProps) {
  const { t } = useLingui();
  const { keys } = state.context;
  const close = () => send({ type: 'dialog.close' });
  if (!keys) return null;
  return (
    <Modal opened onClose={close} title={t`Alert forwarding keys`} centered size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="orange" variant="light" role="note" data-testid="keys-warning">
          <Trans>Copy these keys now and keep the AES key secret: they will not be shown again.</Trans>
        </Alert>
        <CopyField label={t`Portal RSA public key`} value={keys.portal_public_key} copyLabel={t`Copy the portal RSA public key`} testId="portal-public-key" />
        <CopyField label={t`AES key (hex encoded)`} value={keys.aes_key} copyLabel={t`Copy the AES key`} testId="aes-key" />
        <CopyField label={t`Example alert`} value={JSON.stringify(keys.example)} copyLabel={t`Copy the example alert`} testId="example-alert" />
        <Text size="sm">
          <Trans>Decrypt the example alert with the decryption example and your private key to check your setup.</Trans>
        </Text>
        <AlertForwardingDocs />
        <Group justify="flex-end">
          <Button onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
