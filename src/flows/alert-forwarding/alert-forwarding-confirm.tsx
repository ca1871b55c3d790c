import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';

interface Props extends AlertForwardingViewProps {
  action: 'renew' | 'clear' | 'stopV3';
}

/** configured.confirmRenew/renewing, confirmClear/clearing, confirmStopV3/stoppingV3: nothing here can be undone. */
export function AlertForwardingConfirm({ action, state, send }: Props) {
  const { t, i18n } = useLingui();
  const { error } = state.context;
  const texts = {
    renew: {
      title: t`Acquire new keys`,
      label: t`Acquire New Keys`,
      body: t`New portal keys and a new AES key replace the current ones at once: alerts are then sealed and signed only with the new keys, and the current keys stop working.`,
    },
    clear: {
      title: t`Clear data`,
      label: t`Clear Data`,
      body: t`Delete the webhook and every key of this alert forwarding configuration permanently? Alerts stop being forwarded, and this cannot be undone.`,
    },
    stopV3: {
      title: t`Stop sending V3 alerts`,
      label: t`Stop Sending V3 Alerts`,
      body: t`Stop sending version 3 alerts to this account for good? Only version 4 alerts are sent afterwards, and this cannot be undone.`,
    },
  }[action];
  return (
    <ConfirmDialog
      title={texts.title}
      confirmLabel={texts.label}
      error={error ? failureText(i18n, error, developerErrors) : null}
      busy={state.hasTag('busy')}
      canConfirm={state.can({ type: 'dialog.confirm' })}
      canClose={state.can({ type: 'dialog.close' })}
      onConfirm={() => send({ type: 'dialog.confirm' })}
      onClose={() => send({ type: 'dialog.close' })}
    >
      {texts.body}
    </ConfirmDialog>
  );
}
