import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { StatusMessage } from '#src/components/status-message.tsx';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import type { AlertForwardingViewProps } from './alert-forwarding-view.ts';
import '@mantine/core/styles/Modal.layer.css';
import { developerErrors } from '#src/lib/developer-errors.ts';
import { failureText } from '#src/lib/failure-text.ts';

/** notConfigured.showError: why the configuration could not be loaded; closing leaves the not-configured view. */
export function AlertForwardingErrorDialog({ state, send }: AlertForwardingViewProps) {
  useReturnFocus();
  const { t, i18n } = useLingui();
  const { error } = state.context;
  const close = () => send({ type: 'dialog.close' });
  return (
    <Modal
      opened
      onClose={close}
      title={t`Alert forwarding could not be loaded`}
      closeButtonProps={{ 'aria-label': t`Close dialog` }}
      centered
    >
      <Stack gap="md">
        <StatusMessage kind="error">{error ? failureText(i18n, error, developerErrors) : null}</StatusMessage>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
