import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { LogoutFailure } from '#machines/logout/logout.machine.ts';
import { isServerTarget } from '#shared-domain/redirect.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { commonErrors, failureText } from '#src/lib/failure-text.ts';

/** Both final states: logged out (success) or the server's refusal, each with the way back to login. */
export function LogoutDone({ failure, loginUrl }: { failure: LogoutFailure | null; loginUrl: string }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        {failure ? <Trans>Logout failed</Trans> : <Trans>You have been logged out</Trans>}
      </Title>
      {failure ? <StatusMessage kind="error">{failureText(i18n, failure, commonErrors)}</StatusMessage> : null}
      <Button component={Link} to={loginUrl} reloadDocument={isServerTarget(loginUrl)}>
        <Trans>Login</Trans>
      </Button>
    </Stack>
  );
}
