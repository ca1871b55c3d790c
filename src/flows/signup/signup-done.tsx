import { Trans } from '@lingui/react/macro';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { resendStepOf } from '#machines/shared/resend-verification.ts';
import type { SignupEvent, signupMachine } from '#machines/signup/signup.machine.ts';
import { paths } from '#src/app/paths.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { ResendStatus } from '#src/components/resend-status.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';

interface Props {
  state: SnapshotFrom<typeof signupMachine>;
  send: (event: SignupEvent) => void;
  linkSearch?: string;
}

/** Signed up: the server's message as it came, then Resend (the verification mail) and Sign In Instead. */
export function SignupDone({ state, send, linkSearch = '' }: Props) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Verify your email</Trans>
      </Title>
      <StatusMessage kind="success">{state.context.message}</StatusMessage>
      <ResendStatus step={resendStepOf(state.value, 'signedUp')} problem={state.context.resendProblem} />
      <LinkRow>
        <ActionButton
          variant="subtle"
          size="compact-sm"
          loading={state.hasTag('busy')}
          disabled={!state.can({ type: 'resend.request' })}
          onClick={() => send({ type: 'resend.request' })}
        >
          <Trans>Resend</Trans>
        </ActionButton>
        <Anchor component={Link} to={paths.login + linkSearch} size="sm">
          <Trans>Sign In Instead</Trans>
        </Anchor>
      </LinkRow>
    </Stack>
  );
}
