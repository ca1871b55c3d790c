import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { SignupResendEvent, signupResendMachine } from '#machines/signup-resend/signup-resend.machine.ts';
import { paths } from '#src/app/paths.ts';
import { BusyButton, MachineForm } from '#src/components/busy-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { EmailField } from '#src/components/email-field.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText, invalidFieldName } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof signupResendMachine>;
  send: (event: SignupResendEvent) => void;
}

/** No address known to need verification (none in the link, or not registered): ask for it, then resend (asking, sending). */
export function SignupResendAsking({ state, send }: Props) {
  const { i18n } = useLingui();
  const { email, error } = state.context;
  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, accountErrors, { email: 'email' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Resend Confirmation Email</Trans>
        </Title>
        <Text ta="center">
          <Trans>Enter the email you signed up with, and we will send the confirmation email to it again.</Trans>
        </Text>
        <StatusMessage kind="error">{error ? failureText(i18n, error, accountErrors) : null}</StatusMessage>
        <EmailField value={email} onValueChange={(value) => send({ type: 'form.change', value })} />
        <BusyButton type="submit" fullWidth busy={state.hasTag('busy')} enabled={state.can({ type: 'form.submit' })}>
          <Trans>Resend</Trans>
        </BusyButton>
        <LinkRow>
          <Anchor component={Link} to={paths.login} size="sm">
            <Trans>Login</Trans>
          </Anchor>
          <Anchor component={Link} to={paths.signup} size="sm">
            <Trans>Sign up</Trans>
          </Anchor>
        </LinkRow>
      </Stack>
    </MachineForm>
  );
}
