import { fromPromise } from 'xstate';
import type { AuthorizedApp } from '#machines/authorized-apps/authorized-apps.machine.ts';
import { type AuthorizedAppRow, getAuthorizedApps, putRevokeConsent } from '#src/api/oauth.ts';

/** The authorized-applications machine's actors: the list, and removing one application. */
export const authorizedAppsActors = {
  loadApps: fromPromise(async (): Promise<AuthorizedApp[]> => (await getAuthorizedApps()).map(fromRow)),
  revokeApp: fromPromise(async ({ input }: { input: { clientId: string } }) => {
    const remaining = await putRevokeConsent(input.clientId);
    return remaining ? fromRow(remaining) : null;
  }),
};

function fromRow(row: AuthorizedAppRow): AuthorizedApp {
  return {
    clientId: row.client_id,
    applicationName: row.application_name,
    consentedBy: row.consented_by,
    consentedAt: row.consented_at,
    allowedScope: row.allowed_scope,
    removable: row.removable,
    removes: row.removes,
  };
}
