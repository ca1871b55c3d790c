import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';

/** loadFailed: why there is no list; Refresh (in the toolbar) tries again. */
export function DeviceSessionsFailed({ state }: { state: SnapshotFrom<typeof deviceSessionsMachine> }) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return <StatusMessage kind="error">{error ? i18n._(developerErrors[error]) : null}</StatusMessage>;
}
