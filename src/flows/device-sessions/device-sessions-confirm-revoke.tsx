import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { DeviceSessionsEvent, deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';

export interface ConfirmProps {
  state: SnapshotFrom<typeof deviceSessionsMachine>;
  send: (event: DeviceSessionsEvent) => void;
}

/** What both confirm dialogs take from the machine. */
export function dialogProps({ state, send }: ConfirmProps) {
  return {
    busy: state.hasTag('busy'),
    canConfirm: state.can({ type: 'dialog.confirm' }),
    canClose: state.can({ type: 'dialog.close' }),
    onConfirm: () => send({ type: 'dialog.confirm' }),
    onClose: () => send({ type: 'dialog.close' }),
  };
}

/** list.confirmRevoke and list.revoking. */
export function DeviceSessionsConfirmRevoke(props: ConfirmProps) {
  const { t, i18n } = useLingui();
  const { sessions, users, selectedId, error } = props.state.context;
  const session = sessions.find((s) => s.id === selectedId);
  const deviceDescription = session?.deviceDescription ?? '';
  const userName = users.find((u) => u.id === session?.userId)?.friendlyName ?? '';
  return (
    <ConfirmDialog
      title={t`Revoke session`}
      confirmLabel={t`Revoke`}
      error={error ? i18n._(developerErrors[error]) : null}
      {...dialogProps(props)}
    >
      {t`Sign out ${deviceDescription} used by ${userName}? It must log in again to continue.`}
    </ConfirmDialog>
  );
}
