import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { StatusMessage } from '#src/components/status-message.tsx';
import { openAppHref } from '#src/lib/open-app.ts';
import { usePublicConfig } from '#src/lib/public-config.ts';

/** Success: the form is gone; the server's confirmation, Sign in, and Open app when the web app is configured. */
export function PasswordResetDone({ message, loginHref }: { message: string | null; loginHref: string }) {
  const { t } = useLingui();
  const config = usePublicConfig();
  const href = openAppHref(config.webAppUrl, navigator.userAgent, config.androidAppPackage);
  return (
    <Stack gap="md" align="center">
      <Title order={1} size="h3" ta="center">
        <Trans>Password changed</Trans>
      </Title>
      <StatusMessage kind="success">{message ?? t`Your password has been changed.`}</StatusMessage>
      {href ? (
        <Button component="a" href={href}>
          <Trans>Open app</Trans>
        </Button>
      ) : null}
      {/* Always a way on, configured app or not: the new password works here. */}
      <Button component={Link} to={loginHref} variant={href ? 'outline' : 'filled'}>
        <Trans>Sign in</Trans>
      </Button>
    </Stack>
  );
}
