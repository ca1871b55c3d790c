import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { CreateGrantEvent, createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import { OAuthInfo } from '#src/components/oauth-info.tsx';
import { ShowOnceFooter } from '#src/components/show-once-footer.tsx';

interface Props {
  state: SnapshotFrom<typeof createGrantMachine>;
  send: (event: CreateGrantEvent) => void;
}

/** details (uncopied, confirmDiscard, copied): the new credential's client_id and secret, this once. */
export function CreateGrantDetails({ state, send }: Props) {
  const { t } = useLingui();
  const { created, endpoints } = state.context;
  const name = created?.application_name ?? '';
  return (
    <Stack gap="md">
      {/* The name is the developer's own text: a plain string, never parsed for markup. */}
      <Text size="sm">{t`The grant ${name} is ready.`}</Text>
      <OAuthInfo
        clientId={created?.client_id ?? ''}
        secret={created?.secret}
        scope={created?.scope ?? ''}
        endpoints={endpoints}
        onSecretCopied={() => send({ type: 'secret.copy' })}
      />
      <ShowOnceFooter
        confirming={state.can({ type: 'discard.confirm' })}
        question={t`You have not copied the secret. It will not be shown again. Close anyway?`}
        onClose={() => send({ type: 'dialog.close' })}
        onDiscard={() => send({ type: 'discard.confirm' })}
        onKeep={() => send({ type: 'discard.cancel' })}
      />
    </Stack>
  );
}
