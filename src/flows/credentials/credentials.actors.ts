import { fromPromise } from 'xstate';
import { createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import type { CreateGrantPayload } from '#shared-domain/credentials.ts';
import { deleteClientCredentials, getCredentials, postClientGrant, putClientGrant } from '#src/api/credentials.ts';
import { endSession } from '#src/lib/end-session.ts';

/**
 * The credentials machine's actors. The Create Grant dialog is a machine of its own, invoked by this one; it needs
 * nothing of the page, so it is provided once for every mount. Login from the Authentication Error popup ends the
 * session as the dead-end pages do (`endSession`).
 */
export const credentialsActors = {
  loadCredentials: fromPromise(() => getCredentials()),
  changeSecret: fromPromise(({ input }: { input: { clientId: string } }) => putClientGrant(input.clientId)),
  deleteCredential: fromPromise(({ input }: { input: { id: string } }) => deleteClientCredentials(input.id)),
  endSession,
  createGrant: createGrantMachine.provide({
    actors: { submitGrant: fromPromise(({ input }: { input: CreateGrantPayload }) => postClientGrant(input)) },
  }),
};
