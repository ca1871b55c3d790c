import { Trans } from '@lingui/react/macro';
import { Group } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ConsentEvent, consentMachine } from '#machines/consent/consent.machine.ts';
import { ActionButton } from '#src/components/action-button.tsx';

interface Props {
  state: SnapshotFrom<typeof consentMachine>;
  send: (event: ConsentEvent) => void;
}

/** Cancel and Accept; the machine says which may be pressed, and both stay disabled while the page is being left. */
export function ConsentActions({ state, send }: Props) {
  return (
    <Group grow gap="sm">
      <ActionButton
        variant="default"
        disabled={!state.can({ type: 'consent.cancel' })}
        loading={state.matches('cancelling')}
        onClick={() => send({ type: 'consent.cancel' })}
      >
        <Trans>Cancel</Trans>
      </ActionButton>
      <ActionButton
        disabled={!state.can({ type: 'consent.accept' })}
        loading={state.matches('accepting') || state.matches('continuingToAlexa')}
        onClick={() => send({ type: 'consent.accept' })}
      >
        <Trans>Accept</Trans>
      </ActionButton>
    </Group>
  );
}
