import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { RSA_KEYGEN_COMMANDS } from '#shared-domain/alert-forwarding.ts';
import { MachineForm } from '#src/components/busy-button.tsx';
import { CopyField } from '#src/components/copy-field.tsx';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import { DialogFormFooter, RsaPublicKeyField, WebhookUrlField } from './alert-forwarding-fields.tsx';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.layer.css';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { invalidFieldName } from '#src/lib/failure-text.ts';

/**
 * The key generator the spec asks for is OpenSSL on the customer's own machine: a web page that generates the key
 * pair has seen the private key. The link is OpenSSL's manual for the command shown.
 */
export const OPENSSL_GENPKEY_URL = 'https://docs.openssl.org/master/man1/openssl-genpkey/';

/** notConfigured.settingUp and savingSetup: webhook and RSA public key. */
export function AlertForwardingSetupDialog({ state, send }: AlertForwardingViewProps) {
  useReturnFocus();
  const { t } = useLingui();
  const { form } = state.context;
  const busy = state.hasTag('busy');
  const canClose = state.can({ type: 'dialog.close' });
  const close = () => canClose && send({ type: 'dialog.close' });
  return (
    <Modal
      opened
      onClose={close}
      title={t`Set Up Alert Forwarding`}
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
          <WebhookUrlField
            value={form.url}
            disabled={busy}
            autoFocus
            placeholder="https://"
            onChange={(value) => send({ type: 'form.change', field: 'url', value })}
          />
          <RsaPublicKeyField
            value={form.publicKey}
            disabled={busy}
            onChange={(value) => send({ type: 'form.change', field: 'publicKey', value })}
          />
          <Stack gap={6}>
            <Text size="sm">
              <Trans>No key pair yet? Generate one with OpenSSL; the private key never leaves your computer:</Trans>
            </Text>
            <CopyField
              label={t`OpenSSL commands`}
              value={RSA_KEYGEN_COMMANDS}
              copyLabel={t`Copy the OpenSSL commands`}
              testId="keygen-commands"
            />
            <Anchor href={OPENSSL_GENPKEY_URL} target="_blank" rel="noopener noreferrer" size="sm">
              <Trans>RSA key generator: the openssl genpkey manual</Trans>
            </Anchor>
          </Stack>
          <DialogFormFooter state={state} close={close} />
        </Stack>
      </MachineForm>
    </Modal>
  );
}
