import { useLingui } from '@lingui/react/macro';
import { Modal } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import { UNCOPIED_SECRET } from '#machines/shared/show-once.ts';
import { useAskBeforeUnload } from '#src/lib/use-ask-before-unload.ts';
import { useReturnFocus } from '#src/lib/use-return-focus.ts';
import { CreateGrantChoosing } from './create-grant-choosing.tsx';
import { CreateGrantDetails } from './create-grant-details.tsx';
import { CreateGrantForm } from './create-grant-form.tsx';
import '@mantine/core/styles/Modal.layer.css';

/** The Create access grant dialog: its own actor (the credentials page invokes it) and one view per step. */
export function CreateGrantDialog({ actor }: { actor: ActorRefFrom<typeof createGrantMachine> }) {
  useReturnFocus();
  const { t } = useLingui();
  const state = useSelector(actor, (s) => s);
  const send = actor.send;
  const canClose = state.can({ type: 'dialog.close' });
  useAskBeforeUnload(state.hasTag(UNCOPIED_SECRET));
  return (
    <Modal
      opened={!state.matches('closed') && !state.matches('sessionEnded')}
      onClose={() => canClose && send({ type: 'dialog.close' })}
      title={t`Create access grant`}
      centered
      size="lg"
      withCloseButton={false}
      closeOnClickOutside={false}
      // A secret not yet copied must not vanish on a stray Escape.
      closeOnEscape={!state.hasTag(UNCOPIED_SECRET)}
    >
      {state.matches('choosing') ? (
        <CreateGrantChoosing state={state} send={send} />
      ) : state.matches('details') ? (
        <CreateGrantDetails state={state} send={send} />
      ) : (
        <CreateGrantForm state={state} send={send} />
      )}
    </Modal>
  );
}
