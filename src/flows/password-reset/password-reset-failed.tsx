import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { PasswordResetEvent, passwordResetMachine } from '#machines/password-reset/password-reset.machine.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof passwordResetMachine>;
  send: (event: PasswordResetEvent) => void;
}

/** The server could not be asked about the link: nothing is known about it yet, so only Retry (and the wait, if told). */
export function PasswordResetFailed({ state, send }: Props) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Set a new password</Trans>
      </Title>
      <StatusMessage kind="error">
        {error ? failureText(i18n, error, accountErrors) : i18n._(accountErrors.AnErrorOccured)}
      </StatusMessage>
      <ActionButton disabled={!state.can({ type: 'check.retry' })} onClick={() => send({ type: 'check.retry' })}>
        <Trans>Retry</Trans>
      </ActionButton>
    </Stack>
  );
}
