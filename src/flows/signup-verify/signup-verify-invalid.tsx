import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import { type ResendVerificationEvent, resendStepOf } from '#machines/shared/resend-verification.ts';
import type { signupVerifyMachine } from '#machines/signup-verify/signup-verify.machine.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { ResendStatus } from '#src/components/resend-status.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';

interface Props {
  state: SnapshotFrom<typeof signupVerifyMachine>;
  send: (event: ResendVerificationEvent) => void;
}

/** The link did not activate anything (unknown, used or expired): say so, and offer a new verification mail. */
export function SignupVerifyInvalid({ state, send }: Props) {
  const { i18n } = useLingui();
  const step = resendStepOf(state.value, 'invalid');
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Account activation</Trans>
      </Title>
      {/* The resend's own outcome replaces the link's error once there is one. */}
      {step === 'resent' || step === 'resendFailed' ? (
        <ResendStatus step={step} problem={state.context.resendProblem} />
      ) : (
        <StatusMessage kind="error">{i18n._(accountErrors.InvalidActivationLink)}</StatusMessage>
      )}
      <ActionButton
        loading={state.hasTag('busy')}
        disabled={!state.can({ type: 'resend.request' })}
        onClick={() => send({ type: 'resend.request' })}
      >
        <Trans>Resend</Trans>
      </ActionButton>
    </Stack>
  );
}
