import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';

/** The account is active already (the link was opened before, or a resend found it verified): sign in, nothing else. */
export function SignupVerifyAlreadyActive() {
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Your account is already active</Trans>
      </Title>
      <Text ta="center">
        <Trans>Sign in with your email and password.</Trans>
      </Text>
      <Button component={Link} to={paths.login}>
        <Trans>Sign in</Trans>
      </Button>
    </Stack>
  );
}
