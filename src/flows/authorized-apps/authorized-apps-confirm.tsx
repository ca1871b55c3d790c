import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { AuthorizedAppsEvent, authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import '@mantine/core/styles/Modal.layer.css';

interface Props {
  state: SnapshotFrom<typeof authorizedAppsMachine>;
  send: (event: AuthorizedAppsEvent) => void;
}

/** confirming and removing: the dialog over the table; it cannot be closed while the removal runs. */
export function AuthorizedAppsConfirm({ state, send }: Props) {
  const { t } = useLingui();
  const opened = state.matches('confirming') || state.matches('removing');
  const app = state.context.apps.find((candidate) => candidate.clientId === state.context.removing);
  const applicationName = app?.applicationName ?? '';
  const canClose = state.can({ type: 'dialog.close' });
  return (
    <Modal
      opened={opened}
      onClose={() => canClose && send({ type: 'dialog.close' })}
      withCloseButton={false}
      closeOnClickOutside={canClose}
      closeOnEscape={canClose}
      title={t`Remove application?`}
    >
      <Stack gap="md">
        {/* The application's name is another party's words: t, never Trans, which would parse tags inside it. */}
        <Text>
          {app?.removes === 'own'
            ? t`This removes only your own consent: ${applicationName} will no longer be able to access the account on your behalf. Others in the account who allowed it keep it.`
            : t`${applicationName} will no longer be able to access the account, for everyone in it. This cannot be undone: everyone would have to consent again.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!canClose} onClick={() => send({ type: 'dialog.close' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="red"
            disabled={!state.can({ type: 'dialog.confirm' })}
            loading={state.hasTag('busy')}
            onClick={() => send({ type: 'dialog.confirm' })}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
