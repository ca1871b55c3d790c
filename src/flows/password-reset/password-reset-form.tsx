import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, passwordResetMachine } from '#machines/password-reset/password-reset.machine.ts';
import { BusyButton, MachineForm } from '#src/components/busy-button.tsx';
import { PasswordField } from '#src/components/password-field.tsx';
import { PasswordRequirements } from '#src/components/password-requirements.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText, invalidFieldName } from '#src/lib/failure-text.ts';

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
