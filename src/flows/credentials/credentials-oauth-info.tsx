import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '../../../machines/credentials/credentials.machine.ts';
import { OAuthInfo } from '../../components/oauth-info.tsx';
import { selectedCredential } from './selected-credential.ts';
import '@mantine/core/styles/Modal.css';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** list.showInfo (client_id of a row) and list.showSecret (its new secret, this once). */
export function CredentialsOAuthInfo({ state, send }: Props) {
  const { t } = useLingui();
  const row = selectedCredential(state);
  const { secret } = state.context;
  const close = () => send({ type: 'dialog.close' });
  return (
    <Modal opened onClose={close} title={t`OAuth information`} centered withCloseButton={false}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {secret?.application_name ?? row?.application_name}
        </Text>
        <OAuthInfo clientId={secret?.client_id ?? row?.client_id ?? ''} secret={secret?.secret} />
        <Group justify="flex-end">
          <Button onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
