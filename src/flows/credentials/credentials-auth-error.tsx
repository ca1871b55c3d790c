import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { BusyButton } from '#src/components/busy-button.tsx';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import '@mantine/core/styles/Modal.layer.css';
import { developerErrors } from '#src/lib/developer-errors.ts';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** authError and loggingOut: the popup of product.md §4, Close or Login (which ends the session first). */
export function CredentialsAuthError({ state, send }: Props) {
  useReturnFocus();
  const { i18n } = useLingui();
  const busy = state.hasTag('busy');
  const canClose = state.can({ type: 'dialog.close' });
  return (
    <Modal
      opened
      onClose={() => canClose && send({ type: 'dialog.close' })}
      title={i18n._(developerErrors.AuthenticationError)}
      centered
      withCloseButton={false}
    >
      <Text size="sm" mb="md">
        <Trans>The credentials could not be loaded. Log in again to continue.</Trans>
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={!canClose} onClick={() => send({ type: 'dialog.close' })}>
          <Trans>Close</Trans>
        </Button>
        <BusyButton
          busy={busy}
          enabled={state.can({ type: 'session.leave' })}
          onClick={() => send({ type: 'session.leave' })}
        >
          <Trans>Login</Trans>
        </BusyButton>
      </Group>
    </Modal>
  );
}
