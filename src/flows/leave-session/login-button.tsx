import { Button, Loader } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { leaveSessionMachine } from '../../../machines/leave-session/leave-session.machine.ts';

interface Props {
  state: SnapshotFrom<typeof leaveSessionMachine>;
  onLeave: () => void;
}

/** Login on both dead-end pages; busy while the session ends. */
export function LoginButton({ state, onLeave }: Props) {
  const busy = state.hasTag('busy');
  return (
    <Button
      disabled={busy || !state.can({ type: 'session.leave', hasSession: true })}
      leftSection={busy ? <Loader size="xs" color="gray" /> : undefined}
      onClick={onLeave}
    >
      {busy ? <Trans>Processing</Trans> : <Trans>Login</Trans>}
    </Button>
  );
}
