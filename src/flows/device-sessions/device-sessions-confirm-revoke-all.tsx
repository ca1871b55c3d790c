import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { dialogProps, type ConfirmProps } from './device-sessions-confirm-revoke.tsx';
import { developerErrors } from '../../lib/developer-errors.ts';

/** list.confirmRevokeAll and list.revokingAll. */
export function DeviceSessionsConfirmRevokeAll(props: ConfirmProps) {
  const { t, i18n } = useLingui();
  const { error } = props.state.context;
  return (
    <ConfirmDialog
      title={t`Revoke all other sessions`}
      confirmLabel={t`Revoke All`}
      error={error ? i18n._(developerErrors[error]) : null}
      {...dialogProps(props)}
    >
      {t`Every session in this list except this device will be signed out and must log in again. This device stays signed in.`}
    </ConfirmDialog>
  );
}
