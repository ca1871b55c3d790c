import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { HiddenPageHeading } from '#src/components/hidden-page-heading.tsx';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** failed: the popup was closed without logging in again. */
export function CredentialsFailed({ state, send }: Props) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" align="center" py="xl">
      <HiddenPageHeading title={msg`OAuth credentials`} />
      <StatusMessage kind="error">{i18n._(developerErrors.AuthenticationError)}</StatusMessage>
      <Button
        variant="default"
        disabled={!state.can({ type: 'list.refresh' })}
        onClick={() => send({ type: 'list.refresh' })}
      >
        <Trans>Refresh</Trans>
      </Button>
    </Stack>
  );
}
