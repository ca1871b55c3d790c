import { useState } from 'react';
import { PasswordInput, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, passwordResetMachine } from '../../../machines/password-reset/password-reset.machine.ts';
import { PasswordRequirements } from '../../components/password-requirements.tsx';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { failureText } from '../../lib/error-messages.ts';
import { invalidFieldName } from '../../lib/use-focus-first-invalid.ts';

interface Props {
  state: SnapshotFrom<typeof passwordResetMachine>;
  send: (event: PasswordResetEvent) => void;
}

/** The new-password form: valid, and submitting (busy). */
export function PasswordResetForm({ state, send }: Props) {
  const { t, i18n } = useLingui();
  // Where the caret is only decides whether the checklist is open; it is no business of the machine.
  const [focused, setFocused] = useState(false);
  const busy = state.hasTag('busy');
  const { password, error } = state.context;

  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, { password: 'new-password' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Set a new password</Trans>
        </Title>
        <StatusMessage kind="error">{error ? failureText(i18n, error) : null}</StatusMessage>
        <div>
          <PasswordInput
            label={t`New password`}
            name="new-password"
            autoComplete="new-password"
            value={password}
            visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password`, tabIndex: 0 }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => send({ type: 'form.change', value: event.currentTarget.value })}
          />
          <PasswordRequirements password={password} opened={focused} />
        </div>
        <BusyButton type="submit" fullWidth busy={busy} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Submit</Trans>
        </BusyButton>
      </Stack>
    </MachineForm>
  );
}
