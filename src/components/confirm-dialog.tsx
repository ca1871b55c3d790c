import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { useReturnFocus } from '../lib/use-return-focus.ts';
import { BusyButton } from './busy-button.tsx';
import { StatusMessage } from './status-message.tsx';
import '@mantine/core/styles/Modal.layer.css';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The failure of the last attempt, already translated; null when there is none. */
  error: string | null;
  busy: boolean;
  canConfirm: boolean;
  canClose: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before something that cannot be undone; stays open, busy, until the server answers. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  error,
  busy,
  canConfirm,
  canClose,
  onConfirm,
  onClose,
}: Props) {
  useReturnFocus();
  // The button that was pressed is disabled while the call runs: a failure puts focus on the message saying so.
  const body = useFocusFirstInvalid<HTMLDivElement>({ error, invalidField: null, focusFirst: false });
  return (
    <Modal
      opened
      onClose={() => canClose && onClose()}
      title={title}
      centered
      withCloseButton={false}
      closeOnClickOutside={canClose}
    >
      <Stack gap="md" ref={body}>
        <Text size="sm">{children}</Text>
        <StatusMessage kind="error">{error}</StatusMessage>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={!canClose}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton color="red" busy={busy} enabled={canConfirm} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
