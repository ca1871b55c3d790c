import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { BusyButton } from '#src/components/busy-button.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';

interface FieldProps {
  value: string;
  disabled: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** The webhook field of Set Up and of Edit: one label and one rule text for both. */
export function WebhookUrlField({ value, disabled, autoFocus, placeholder, onChange }: FieldProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Webhook URL`}
      name="webhook"
      description={t`An https:// address that accepts HTTP POST`}
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The RSA public key field of Set Up and of Edit. */
export function RsaPublicKeyField({ value, disabled, autoFocus, onChange }: FieldProps) {
  const { t } = useLingui();
  return (
    <Textarea
      label={t`RSA public key`}
      name="public_key"
      description={t`A 2048-bit RSA public key in PEM format, starting with -----BEGIN PUBLIC KEY-----`}
      rows={9}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={value}
      disabled={disabled}
      data-autofocus={autoFocus || undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The error line and Cancel / Save of both form dialogs. */
export function DialogFormFooter({ state, close }: Pick<AlertForwardingViewProps, 'state'> & { close: () => void }) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return (
    <>
      <StatusMessage kind="error">{error ? failureText(i18n, error, developerErrors) : null}</StatusMessage>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close} disabled={!state.can({ type: 'dialog.close' })}>
          <Trans>Cancel</Trans>
        </Button>
        <BusyButton type="submit" busy={state.hasTag('busy')} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Save</Trans>
        </BusyButton>
      </Group>
    </>
  );
}
