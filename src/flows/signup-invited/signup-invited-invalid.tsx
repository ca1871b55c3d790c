import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { isRequestProblem } from '#machines/shared/request-problem.ts';
import type { SignupFailure } from '#machines/signup/signup.errors.ts';
import { paths } from '#src/app/paths.ts';
import { LinkRow } from '#src/components/centered-layout.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { accountErrors } from '#src/lib/account-errors.ts';

/**
 * The invitation cannot create an account (unknown, used, expired or replaced, or its email has an account): why, and
 * every way on. Sign in first, since a used invitation or a registered email means the account exists.
 */
export function SignupInvitedInvalid({ error }: { error: SignupFailure | null }) {
  const { i18n } = useLingui();
  const reason = error && 'code' in error && !isRequestProblem(error) ? error.code : 'InvitationNotFound';
  const accountExists = reason === 'InvitationUsed' || reason === 'InvitationEmailRegistered';
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>This invitation cannot be used</Trans>
      </Title>
      <StatusMessage kind="error">{i18n._(accountErrors[reason])}</StatusMessage>
      <Text ta="center">
        {accountExists ? (
          <Trans>If the account is yours, sign in. Otherwise ask the account owner for a new invitation.</Trans>
        ) : (
          <Trans>Ask the account owner for a new invitation.</Trans>
        )}
      </Text>
      <Button component={Link} to={paths.login} fullWidth>
        <Trans>Sign in</Trans>
      </Button>
      <LinkRow>
        <Anchor component={Link} to={paths.signup} size="sm">
          <Trans>Sign up</Trans>
        </Anchor>
      </LinkRow>
    </Stack>
  );
}
