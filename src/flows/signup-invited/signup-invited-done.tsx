import { Trans } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/app/paths.ts';
import { StatusMessage } from '#src/components/status-message.tsx';

/** Signed up by invitation: the server's message as it came, and Sign In (the invitation already proved the email). */
export function SignupInvitedDone({ message }: { message: string | null }) {
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Your account is ready</Trans>
      </Title>
      <StatusMessage kind="success">{message}</StatusMessage>
      <Button component={Link} to={paths.login}>
        <Trans>Sign In</Trans>
      </Button>
    </Stack>
  );
}
