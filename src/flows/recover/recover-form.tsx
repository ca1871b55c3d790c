import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { RecoverEvent, recoverMachine } from '#machines/recover/recover.machine.ts';
import { paths } from '#src/app/paths.ts';
import { BusyButton, MachineForm } from '#src/components/busy-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { EmailField } from '#src/components/email-field.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText, invalidFieldName } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof recoverMachine>;
  send: (event: RecoverEvent) => void;
  linkSearch: string;
}

/** The form in every state that shows it: idle, sending (busy) and error. */
export function RecoverForm({ state, send, linkSearch }: Props) {
  const { i18n } = useLingui();
  const busy = state.hasTag('busy');
  const { email, error } = state.context;

  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, accountErrors, { email: 'email' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Recover your password</Trans>
        </Title>
        <Text size="sm" ta="center">
          <Trans>Enter the email of your account and we will send you a link to set a new password.</Trans>
        </Text>
        <StatusMessage kind="error">{error ? failureText(i18n, error, accountErrors) : null}</StatusMessage>
        <EmailField
          autoComplete="username"
          value={email}
          onValueChange={(value) => send({ type: 'form.change', value })}
        />
        <BusyButton type="submit" fullWidth busy={busy} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Send</Trans>
        </BusyButton>
        <LinkRow>
          <Anchor component={Link} to={paths.login + linkSearch} size="sm">
            <Trans>Sign in instead</Trans>
          </Anchor>
        </LinkRow>
      </Stack>
    </MachineForm>
  );
}
