import { useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CredentialsEvent, credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import { UNCOPIED_SECRET } from '#machines/shared/show-once.ts';
import { OAuthInfo } from '#src/components/oauth-info.tsx';
import { ShowOnceFooter } from '#src/components/show-once-footer.tsx';
import { useAskBeforeUnload } from '#src/lib/use-ask-before-unload.ts';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import { selectedCredential } from './selected-credential.ts';
import '@mantine/core/styles/Modal.layer.css';

interface Props {
  state: SnapshotFrom<typeof credentialsMachine>;
  send: (event: CredentialsEvent) => void;
}

/** list.showInfo (a row's client_id, scopes, endpoints) and list.showSecret.* (its new secret, this once). */
export function CredentialsOAuthInfo({ state, send }: Props) {
  useReturnFocus();
  const { t } = useLingui();
  const row = selectedCredential(state);
  const { secret, endpoints } = state.context;
  // A secret not yet copied must not vanish on a stray Escape or click outside.
  const dismissable = !state.hasTag(UNCOPIED_SECRET);
  useAskBeforeUnload(!dismissable);
  const close = () => send({ type: 'dialog.close' });
  return (
    <Modal
      opened
      onClose={close}
      title={t`OAuth information`}
      centered
      withCloseButton={false}
      closeOnEscape={dismissable}
      closeOnClickOutside={dismissable}
    >
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {secret?.application_name ?? row?.application_name}
        </Text>
        <OAuthInfo
          clientId={secret?.client_id ?? row?.client_id ?? ''}
          secret={secret?.secret}
          scope={secret?.scope ?? row?.scope ?? ''}
          endpoints={endpoints}
          onSecretCopied={() => send({ type: 'secret.copy' })}
        />
        <ShowOnceFooter
          confirming={state.can({ type: 'discard.confirm' })}
          question={t`You have not copied the secret. It will not be shown again. Close anyway?`}
          onClose={close}
          onDiscard={() => send({ type: 'discard.confirm' })}
          onKeep={() => send({ type: 'discard.cancel' })}
        />
      </Stack>
    </Modal>
  );
}
