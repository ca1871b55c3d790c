import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { SignupEvent } from '#machines/signup/signup.machine.ts';
import type { signupInvitedMachine } from '#machines/signup-invited/signup-invited.machine.ts';
import { paths } from '#src/app/paths.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof signupInvitedMachine>;
  send: (event: SignupEvent) => void;
}

/** The server could not be asked about the invitation: nothing is known about it yet, so Retry (or Sign in), and the wait if told. */
export function SignupInvitedFailed({ state, send }: Props) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Invitation</Trans>
      </Title>
      <StatusMessage kind="error">
        {error ? failureText(i18n, error, accountErrors) : i18n._(accountErrors.AnErrorOccured)}
      </StatusMessage>
      <ActionButton
        fullWidth
        disabled={!state.can({ type: 'check.retry' })}
        onClick={() => send({ type: 'check.retry' })}
      >
        <Trans>Retry</Trans>
      </ActionButton>
      <LinkRow>
        <Anchor component={Link} to={paths.login} size="sm">
          <Trans>Sign in</Trans>
        </Anchor>
      </LinkRow>
    </Stack>
  );
}
