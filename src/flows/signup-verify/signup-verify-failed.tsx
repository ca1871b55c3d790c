import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { SignupVerifyEvent, signupVerifyMachine } from '#machines/signup-verify/signup-verify.machine.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';
import { requestProblemText } from '#src/lib/failure-text.ts';

interface Props {
  state: SnapshotFrom<typeof signupVerifyMachine>;
  send: (event: SignupVerifyEvent) => void;
}

/** The server could not be asked about the link: nothing is known about it yet, so only Retry (and the wait, if told). */
export function SignupVerifyFailed({ state, send }: Props) {
  const { i18n } = useLingui();
  const { problem } = state.context;
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Account activation</Trans>
      </Title>
      <StatusMessage kind="error">
        {problem ? requestProblemText(i18n, problem) : i18n._(accountErrors.AnErrorOccured)}
      </StatusMessage>
      <ActionButton disabled={!state.can({ type: 'verify.retry' })} onClick={() => send({ type: 'verify.retry' })}>
        <Trans>Retry</Trans>
      </ActionButton>
    </Stack>
  );
}
