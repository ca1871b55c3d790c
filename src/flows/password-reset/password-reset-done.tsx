import { Button, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { StatusMessage } from '../../components/status-message.tsx';
import { openAppHref } from '../../lib/open-app.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

/** Success: the form is gone; the server's confirmation and the way into the app remain. */
export function PasswordResetDone({ message }: { message: string | null }) {
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
    </Stack>
  );
}
