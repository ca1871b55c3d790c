import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessages } from '../../lib/error-messages.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.css';

/** configured.editing and savingEdit: one field, starting from the stored value. */
export function AlertForwardingEditDialog({ state, send }: AlertForwardingViewProps) {
  const { t, i18n } = useLingui();
  const { form, error, editing } = state.context;
  const busy = state.hasTag('busy');
  const canClose = state.can({ type: 'dialog.close' });
  const close = () => canClose && send({ type: 'dialog.close' });
  const isUrl = editing === 'url';
  return (
    <Modal
      opened
      onClose={close}
      title={isUrl ? t`Edit webhook URL` : t`Edit RSA public key`}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={canClose}
    >
      <MachineForm onSubmit={() => send({ type: 'form.submit' })}>
        <Stack gap="md">
          {isUrl ? (
            <TextInput
              label={t`Webhook URL`}
              description={t`An https:// address that accepts HTTP POST`}
              value={form.url}
              disabled={busy}
              data-autofocus
              onChange={(event) => send({ type: 'form.change', field: 'url', value: event.currentTarget.value })}
            />
          ) : (
            <Textarea
              label={t`RSA public key`}
              description={t`A 2048-bit RSA public key in PEM format, starting with -----BEGIN PUBLIC KEY-----`}
              rows={9}
              styles={{ input: { fontFamily: 'monospace' } }}
              value={form.publicKey}
              disabled={busy}
              data-autofocus
              onChange={(event) => send({ type: 'form.change', field: 'publicKey', value: event.currentTarget.value })}
            />
          )}
          <StatusMessage kind="error">{error ? i18n._(errorMessages[error]) : null}</StatusMessage>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={!canClose}>
              <Trans>Cancel</Trans>
            </Button>
            <BusyButton type="submit" busy={busy} enabled={state.can({ type: 'form.submit' })}>
              <Trans>Save</Trans>
            </BusyButton>
          </Group>
        </Stack>
      </MachineForm>
    </Modal>
  );
}
