import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, passwordResetMachine } from '../../../machines/password-reset/password-reset.machine.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { PasswordRequirements } from '../../components/password-requirements.tsx';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { failureText, invalidFieldName } from '../../lib/failure-text.ts';
import { accountErrors } from '../../lib/account-errors.ts';

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
      invalidField={invalidFieldName(error, accountErrors, { password: 'new-password' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Set a new password</Trans>
        </Title>
        <StatusMessage kind="error">{error ? failureText(i18n, error, accountErrors) : null}</StatusMessage>
        <div>
          <PasswordField
            label={t`New password`}
            name="new-password"
            autoComplete="new-password"
            value={password}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onValueChange={(value) => send({ type: 'form.change', value })}
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
