import type { SnapshotFrom } from 'xstate';
import type { credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import type { Credential } from '#shared-domain/credentials.ts';

/** The row a dialog is about. */
export function selectedCredential(state: SnapshotFrom<typeof credentialsMachine>): Credential | undefined {
  return state.context.clients.find((c) => c.id === state.context.selectedId);
}
