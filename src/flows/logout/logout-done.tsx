import { Button, Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { isServerTarget } from '../../../shared-domain/redirect.ts';
import { StatusMessage } from '../../components/status-message.tsx';

/** Both final states: logged out (success) or the server's refusal, each with the way back to login. */
export function LogoutDone({ serverMessage, loginUrl }: { serverMessage: string | null; loginUrl: string }) {
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        {serverMessage ? <Trans>Logout failed</Trans> : <Trans>You have been logged out</Trans>}
      </Title>
      {serverMessage ? <StatusMessage kind="error">{serverMessage}</StatusMessage> : null}
      <Button component={Link} to={loginUrl} reloadDocument={isServerTarget(loginUrl)}>
        <Trans>Login</Trans>
      </Button>
    </Stack>
  );
}
