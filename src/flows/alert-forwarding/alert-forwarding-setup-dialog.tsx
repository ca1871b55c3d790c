import { Anchor, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { RSA_KEYGEN_COMMANDS } from '../../../shared-domain/alert-forwarding.ts';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { CopyField } from '../../components/copy-field.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessages } from '../../lib/error-messages.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.css';

/**
 * The key generator the spec asks for is OpenSSL on the customer's own machine: a web page that generates the key
 * pair has seen the private key. The link is OpenSSL's manual for the command shown.
 */
export const OPENSSL_GENPKEY_URL = 'https://docs.openssl.org/master/man1/openssl-genpkey/';

/** notConfigured.settingUp and savingSetup: webhook and RSA public key. */
export function AlertForwardingSetupDialog({ state, send }: AlertForwardingViewProps) {
  const { t, i18n } = useLingui();
  const { form, error } = state.context;
  const busy = state.hasTag('busy');
  const canClose = state.can({ type: 'dialog.close' });
  const close = () => canClose && send({ type: 'dialog.close' });
  return (
    <Modal opened onClose={close} title={t`Set Up Alert Forwarding`} centered size="lg" closeOnClickOutside={false} closeOnEscape={canClose}>
      <MachineForm onSubmit={() => send({ type: 'form.submit' })}>
        <Stack gap="md">
          <TextInput
            label={t`Webhook URL`}
            description={t`An https:// address that accepts HTTP POST`}
            placeholder="https://"
            value={form.url}
            disabled={busy}
            data-autofocus
            onChange={(event) => send({ type: 'form.change', field: 'url', value: event.currentTarget.value })}
          />
          <Textarea
            label={t`RSA public key`}
            description={t`A 2048-bit RSA public key in PEM format, starting with -----BEGIN PUBLIC KEY-----`}
            rows={9}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={form.publicKey}
            disabled={busy}
            onChange={(event) => send({ type: 'form.change', field: 'publicKey', value: event.currentTarget.value })}
          />
          <Stack gap={6}>
            <Text size="sm">
              <Trans>No key pair yet? Generate one with OpenSSL; the private key never leaves your computer:</Trans>
            </Text>
            <CopyField label={t`OpenSSL commands`} value={RSA_KEYGEN_COMMANDS} copyLabel={t`Copy the OpenSSL commands`} testId="keygen-commands" />
            <Anchor href={OPENSSL_GENPKEY_URL} target="_blank" rel="noopener noreferrer" size="sm">
              <Trans>RSA key generator: the openssl genpkey manual</Trans>
            </Anchor>
          </Stack>
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
