import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { selectedCredential } from './selected-credential.ts';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** list.confirmChange and list.changing. */
export function CredentialsConfirmChange({ state, send }: Props) {
  const { t, i18n } = useLingui();
  const name = selectedCredential(state)?.application_name ?? '';
  const { actionError } = state.context;
  return (
    <ConfirmDialog
      title={t`Change client secret`}
      confirmLabel={t`Change secret`}
      error={actionError ? i18n._(developerErrors[actionError]) : null}
      busy={state.hasTag('busy')}
      canConfirm={state.can({ type: 'dialog.confirm' })}
      canClose={state.can({ type: 'dialog.close' })}
      onConfirm={() => send({ type: 'dialog.confirm' })}
      onClose={() => send({ type: 'dialog.close' })}
    >
      {t`Change the secret of ${name}? The old secret stops working at once.`}
    </ConfirmDialog>
  );
}
