import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { SignupResendEvent, signupResendMachine } from '#machines/signup-resend/signup-resend.machine.ts';
import { paths } from '#src/app/paths.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof signupResendMachine>;
  send: (event: SignupResendEvent) => void;
}

/** The server could not be asked about the account: nothing is claimed about it, only Retry and Login (and the wait, if told). */
export function SignupResendFailed({ state, send }: Props) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Resend Confirmation Email</Trans>
      </Title>
      <StatusMessage kind="error">
        {error ? failureText(i18n, error, accountErrors) : i18n._(accountErrors.AnErrorOccured)}
      </StatusMessage>
      <LinkRow>
        <ActionButton disabled={!state.can({ type: 'check.retry' })} onClick={() => send({ type: 'check.retry' })}>
          <Trans>Retry</Trans>
        </ActionButton>
        <Button component={Link} to={paths.login} variant="outline">
          <Trans>Login</Trans>
        </Button>
      </LinkRow>
    </Stack>
  );
}
