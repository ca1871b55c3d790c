import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { UNCOPIED_SECRET } from '#machines/shared/show-once.ts';
import { CopyField } from '#src/components/copy-field.tsx';
import { ShowOnceFooter } from '#src/components/show-once-footer.tsx';
import { useAskBeforeUnload } from '#src/lib/use-ask-before-unload.ts';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import { AlertForwardingDocs } from './alert-forwarding-docs.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.layer.css';

/** configured.showKeys.*: after a setup or Acquire New Keys, the AES key shown this once, and an example alert. */
export function AlertForwardingKeysDialog({ state, send }: AlertForwardingViewProps) {
  useReturnFocus();
  const { t } = useLingui();
  const { keys } = state.context;
  // The AES key not yet copied must not vanish on a stray Escape or click outside.
  const dismissable = !state.hasTag(UNCOPIED_SECRET);
  useAskBeforeUnload(!dismissable);
  const close = () => send({ type: 'dialog.close' });
  if (!keys) return null;
  return (
    <Modal
      opened
      onClose={close}
      title={t`Alert forwarding keys`}
      closeButtonProps={{ 'aria-label': t`Close dialog` }}
      centered
      size="lg"
      closeOnClickOutside={dismissable}
      closeOnEscape={dismissable}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" role="note" data-testid="keys-warning">
          <Trans>Copy the AES key now and keep it secret: it will not be shown again.</Trans>
        </Alert>
        <CopyField
          label={t`AES key (hex encoded)`}
          value={keys.aes_key}
          copyLabel={t`Copy the AES key`}
          testId="aes-key"
          onCopied={() => send({ type: 'secret.copy' })}
        />
        <CopyField
          label={t`Portal RSA public key`}
          value={keys.portal_public_key}
          copyLabel={t`Copy the portal RSA public key`}
          testId="portal-public-key"
        />
        <CopyField
          label={t`Example alert`}
          value={JSON.stringify(keys.example)}
          copyLabel={t`Copy the example alert`}
          testId="example-alert"
        />
        <Text size="sm">
          <Trans>Decrypt the example alert with the decryption example and your private key to check your setup.</Trans>
        </Text>
        <AlertForwardingDocs />
        <ShowOnceFooter
          confirming={state.can({ type: 'discard.confirm' })}
          question={t`You have not copied the AES key. It will not be shown again. Close anyway?`}
          onClose={close}
          onDiscard={() => send({ type: 'discard.confirm' })}
          onKeep={() => send({ type: 'discard.cancel' })}
        />
      </Stack>
    </Modal>
  );
}
