import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { AuthorizedAppsEvent, authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';

interface Props {
  state: SnapshotFrom<typeof authorizedAppsMachine>;
  send: (event: AuthorizedAppsEvent) => void;
}

/**
 * confirming and removing: the dialog over the table; it cannot be closed while the removal runs. Mounted only in those
 * states, like every confirmation (ConfirmDialog): focus then goes back to the Remove button that opened it. A Modal
 * kept mounted and toggled by `opened` recorded the element to return to only after its focus trap might already have
 * moved focus inside, and on a busy machine focus fell to the page's body.
 */
export function AuthorizedAppsConfirm({ state, send }: Props) {
  const { t } = useLingui();
  if (!state.matches('confirming') && !state.matches('removing')) return null;
  const app = state.context.apps.find((candidate) => candidate.clientId === state.context.removing);
  const applicationName = app?.applicationName ?? '';
  return (
    <ConfirmDialog
      title={t`Remove application?`}
      confirmLabel={t`Remove`}
      error={null}
      busy={state.hasTag('busy')}
      canConfirm={state.can({ type: 'dialog.confirm' })}
      canClose={state.can({ type: 'dialog.close' })}
      onConfirm={() => send({ type: 'dialog.confirm' })}
      onClose={() => send({ type: 'dialog.close' })}
    >
      {/* The application's name is another party's words: t, never Trans, which would parse tags inside it. */}
      {app?.removes === 'own'
        ? t`This removes only your own consent: ${applicationName} will no longer be able to access the account on your behalf. Others in the account who allowed it keep it.`
        : t`${applicationName} will no longer be able to access the account, for everyone in it. This cannot be undone: everyone would have to consent again.`}
    </ConfirmDialog>
  );
}
