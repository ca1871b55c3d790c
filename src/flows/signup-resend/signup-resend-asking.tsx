import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { SignupResendEvent, signupResendMachine } from '../../../machines/signup-resend/signup-resend.machine.ts';
import { paths } from '../../app/paths.ts';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { LinkRow } from '../../components/centered-layout.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { EmailField } from '../../components/email-field.tsx';
import { failureText, invalidFieldName } from '../../lib/failure-text.ts';
import { accountErrors } from '../../lib/account-errors.ts';

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
