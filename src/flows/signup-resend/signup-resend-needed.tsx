import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { type ResendVerificationEvent, resendStepOf } from '#machines/shared/resend-verification.ts';
import type { signupResendMachine } from '#machines/signup-resend/signup-resend.machine.ts';
import { paths } from '#src/app/paths.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { ResendStatus } from '#src/components/resend-status.tsx';
import { signInErrors } from '#src/lib/sign-in-errors.ts';

interface Props {
  state: SnapshotFrom<typeof signupResendMachine>;
  send: (event: ResendVerificationEvent) => void;
}

/** The account needs to be verified: send the confirmation mail again, or go back to login. */
export function SignupResendNeeded({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { email } = state.context;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        {i18n._(signInErrors.AccountNotVerified)}
      </Title>
      {email ? (
        // The address comes from the link: a plain string (t), never parsed as markup the way Trans would.
        <Text ta="center">{t`Open the link in the email we sent to ${email}.`}</Text>
      ) : null}
      <ResendStatus step={resendStepOf(state.value, 'needsVerification')} problem={state.context.resendProblem} />
      <LinkRow>
        <ActionButton
          loading={state.hasTag('busy')}
          disabled={!state.can({ type: 'resend.request' })}
          onClick={() => send({ type: 'resend.request' })}
        >
          <Trans>Resend Confirmation Email</Trans>
        </ActionButton>
        <Button component={Link} to={paths.login} variant="outline">
          <Trans>Login</Trans>
        </Button>
      </LinkRow>
    </Stack>
  );
}
