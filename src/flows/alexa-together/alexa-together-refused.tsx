import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { AlexaTogetherEvent, alexaTogetherMachine } from '#machines/alexa-together/alexa-together.machine.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { oauthErrors } from '#src/lib/oauth-errors.ts';
import { AlexaTogetherActions } from './alexa-together-request.tsx';

interface Props {
  state: SnapshotFrom<typeof alexaTogetherMachine>;
  send: (event: AlexaTogetherEvent) => void;
}

/** failed (and cancelling from it): why the request cannot be continued; Cancel still answers the client. */
export function AlexaTogetherRefused({ state, send }: Props) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Link your Alexa Together subscription</Trans>
      </Title>
      <StatusMessage kind="error">{error ? i18n._(oauthErrors[error]) : null}</StatusMessage>
      <AlexaTogetherActions state={state} send={send} />
    </Stack>
  );
}
