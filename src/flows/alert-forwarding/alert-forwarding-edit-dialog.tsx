import { useLingui } from '@lingui/react/macro';
import { Modal, Stack } from '@mantine/core';
import { MachineForm } from '#src/components/busy-button.tsx';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import { DialogFormFooter, RsaPublicKeyField, WebhookUrlField } from './alert-forwarding-fields.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.layer.css';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { invalidFieldName } from '#src/lib/failure-text.ts';

/** configured.editing and savingEdit: one field, starting from the stored value. */
export function AlertForwardingEditDialog({ state, send }: AlertForwardingViewProps) {
  useReturnFocus();
  const { t } = useLingui();
  const { form, editing } = state.context;
  const busy = state.hasTag('busy');
  const canClose = state.can({ type: 'dialog.close' });
  const close = () => canClose && send({ type: 'dialog.close' });
  const isUrl = editing === 'url';
  return (
    <Modal
      opened
      onClose={close}
      title={isUrl ? t`Edit webhook URL` : t`Edit RSA public key`}
      closeButtonProps={{ 'aria-label': t`Close dialog` }}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={canClose}
    >
      <MachineForm
        onSubmit={() => send({ type: 'form.submit' })}
        error={state.context.error}
        invalidField={invalidFieldName(state.context.error, developerErrors, {
          webhook: 'webhook',
          publicKey: 'public_key',
        })}
      >
        <Stack gap="md">
          {isUrl ? (
            <WebhookUrlField
              value={form.url}
              disabled={busy}
              autoFocus
              onChange={(value) => send({ type: 'form.change', field: 'url', value })}
            />
          ) : (
            <RsaPublicKeyField
              value={form.publicKey}
              disabled={busy}
              autoFocus
              onChange={(value) => send({ type: 'form.change', field: 'publicKey', value })}
            />
          )}
          <DialogFormFooter state={state} close={close} />
        </Stack>
      </MachineForm>
    </Modal>
  );
}
