import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { AlexaTogetherEvent, alexaTogetherMachine } from '#machines/alexa-together/alexa-together.machine.ts';
import { ActionButton } from '#src/components/action-button.tsx';
import { RequestOrigin } from '#src/components/request-origin.tsx';

interface Props {
  state: SnapshotFrom<typeof alexaTogetherMachine>;
  send: (event: AlexaTogetherEvent) => void;
}

/**
 * asking, continuing and cancelling: the explanation, naming the application the server registered (user-controlled
 * text: `t` only, never <Trans>), with both buttons disabled once the page is being left.
 */
export function AlexaTogetherRequest({ state, send }: Props) {
  const { t } = useLingui();
  const { request } = state.context;
  if (!request) return null;
  const { applicationName } = request;
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        <Trans>Link your Alexa Together subscription</Trans>
      </Title>
      <Text>
        {t`${applicationName} asks to link your Alexa Together subscription to your account, so that the falls we detect can reach Alexa Together.`}
      </Text>
      <RequestOrigin request={request} />
      <Text>
        <Trans>
          With Alexa Together, the 24/7 Urgent Response team can be alerted when a fall is detected and call for help on
          your behalf.
        </Trans>
      </Text>
      <AlexaTogetherActions state={state} send={send} />
    </Stack>
  );
}

/** Cancel and Continue; the machine says which may be pressed. Shared with the refused view, where only Cancel works. */
export function AlexaTogetherActions({ state, send }: Props) {
  return (
    <Group grow gap="sm">
      <ActionButton
        variant="default"
        disabled={!state.can({ type: 'link.cancel' })}
        loading={state.matches('cancelling')}
        onClick={() => send({ type: 'link.cancel' })}
      >
        <Trans>Cancel</Trans>
      </ActionButton>
      <ActionButton
        disabled={!state.can({ type: 'link.continue' })}
        loading={state.matches('continuing')}
        onClick={() => send({ type: 'link.continue' })}
      >
        <Trans>Continue</Trans>
      </ActionButton>
    </Group>
  );
}
