import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack } from '@mantine/core';
import { HiddenPageHeading } from './hidden-page-heading.tsx';
import { StatusMessage } from './status-message.tsx';

/** failed: the server could not be asked; that says nothing about the session, so the reader stays and retries. */
export function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Center mih="60vh">
      <HiddenPageHeading title={msg`Monitoring service`} />
      <Stack align="center" gap="md">
        <StatusMessage kind="error">
          <Trans>We could not check your session. Please try again.</Trans>
        </StatusMessage>
        <Button onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
