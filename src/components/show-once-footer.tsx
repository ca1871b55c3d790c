import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import '@mantine/core/styles/Alert.layer.css';

interface Props {
  /** The machine asks whether to close without a copy (it can take `discard.confirm`). */
  confirming: boolean;
  /** What will be lost, in one translated sentence ending in the question. */
  question: string;
  onClose: () => void;
  onDiscard: () => void;
  onKeep: () => void;
}

/**
 * The footer of a dialog that shows a secret this once (machines/shared/show-once.ts): Close, or, when the secret
 * was not copied, the question whether to close anyway. Keep open takes the focus, so a stray Enter loses nothing.
 */
export function ShowOnceFooter({ confirming, question, onClose, onDiscard, onKeep }: Props) {
  if (!confirming) {
    return (
      <Group justify="flex-end">
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" data-testid="discard-question">
        {question}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" color="red" onClick={onDiscard}>
          <Trans>Close anyway</Trans>
        </Button>
        <Button onClick={onKeep} autoFocus>
          <Trans>Keep open</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
