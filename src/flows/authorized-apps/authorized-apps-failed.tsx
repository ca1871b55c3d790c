import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import { StatusMessage } from '#src/components/status-message.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';

/** loadFailed: why there is no list; Refresh (in the toolbar) tries again. */
export function AuthorizedAppsFailed({ state }: { state: SnapshotFrom<typeof authorizedAppsMachine> }) {
  const { i18n } = useLingui();
  const { error } = state.context;
  return <StatusMessage kind="error">{error ? i18n._(developerErrors[error]) : null}</StatusMessage>;
}
