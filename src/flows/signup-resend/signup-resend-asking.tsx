import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { SignupResendEvent, signupResendMachine } from '../../../machines/signup-resend/signup-resend.machine.ts';
import { EMAIL_MAX_LENGTH } from '../../../shared-domain/account.ts';
import { paths } from '../../app/paths.ts';
import { BusyButton, MachineForm } from '../../components/busy-button.tsx';
import { LinkRow } from '../../components/centered-layout.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { failureText } from '../../lib/error-messages.ts';
import { invalidFieldName } from '../../lib/use-focus-first-invalid.ts';

interface Props {
  state: SnapshotFrom<typeof signupResendMachine>;
  send: (event: SignupResendEvent) => void;
}

/** No address known to need verification (none in the link, or not registered): ask for it, then resend (asking, sending). */
export function SignupResendAsking({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { email, error } = state.context;
  return (
    <MachineForm
      onSubmit={() => send({ type: 'form.submit' })}
      error={error}
      invalidField={invalidFieldName(error, { email: 'email' })}
    >
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          <Trans>Resend Confirmation Email</Trans>
        </Title>
        <Text ta="center">
          <Trans>Enter the email you signed up with, and we will send the confirmation email to it again.</Trans>
        </Text>
        <StatusMessage kind="error">{error ? failureText(i18n, error) : null}</StatusMessage>
        <TextInput
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(event) => send({ type: 'form.change', value: event.currentTarget.value })}
        />
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
