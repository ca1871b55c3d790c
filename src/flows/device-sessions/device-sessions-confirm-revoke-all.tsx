import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { type ConfirmProps, dialogProps } from './device-sessions-confirm-revoke.tsx';

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
