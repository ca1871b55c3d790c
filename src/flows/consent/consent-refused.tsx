import { useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ConsentEvent, consentMachine } from '#machines/consent/consent.machine.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { oauthErrors } from '#src/lib/oauth-errors.ts';
import { ConsentActions } from './consent-actions.tsx';

interface Props {
  state: SnapshotFrom<typeof consentMachine>;
  send: (event: ConsentEvent) => void;
}

/**
 * invalid and failed (and cancelling from them): why the request cannot be accepted; Cancel still answers the client.
 * The server described no request here, so no application is named.
 */
export function ConsentRefused({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const { error } = state.context;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        {t`Authorize an application`}
      </Title>
      <StatusMessage kind="error">{error ? i18n._(oauthErrors[error]) : null}</StatusMessage>
      <ConsentActions state={state} send={send} />
    </Stack>
  );
}
