import { Trans } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { leaveSessionMachine } from '#machines/leave-session/leave-session.machine.ts';
import { BusyButton } from '#src/components/busy-button.tsx';

interface Props {
  state: SnapshotFrom<typeof leaveSessionMachine>;
  onLeave: () => void;
}

/** Login on both dead-end pages; busy while the session ends. */
export function LoginButton({ state, onLeave }: Props) {
  return (
    <BusyButton
      busy={state.hasTag('busy')}
      enabled={state.can({ type: 'session.leave', hasSession: true })}
      onClick={onLeave}
    >
      <Trans>Login</Trans>
    </BusyButton>
  );
}
