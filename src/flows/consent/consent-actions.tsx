import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ConsentEvent, consentMachine } from '#machines/consent/consent.machine.ts';

interface Props {
  state: SnapshotFrom<typeof consentMachine>;
  send: (event: ConsentEvent) => void;
}

/** Cancel and Accept; the machine says which may be pressed, and both stay disabled while the page is being left. */
export function ConsentActions({ state, send }: Props) {
  return (
    <Group grow gap="sm">
      <Button
        variant="default"
        disabled={!state.can({ type: 'consent.cancel' })}
        loading={state.matches('cancelling')}
        onClick={() => send({ type: 'consent.cancel' })}
      >
        <Trans>Cancel</Trans>
      </Button>
      <Button
        disabled={!state.can({ type: 'consent.accept' })}
        loading={state.matches('accepting') || state.matches('continuingToAlexa')}
        onClick={() => send({ type: 'consent.accept' })}
      >
        <Trans>Accept</Trans>
      </Button>
    </Group>
  );
}
