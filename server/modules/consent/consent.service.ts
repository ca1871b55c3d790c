import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import { RESOURCES } from '#shared-domain/scopes.ts';
import { findClient } from '../clients/clients.service.ts';
import { deleteAuthorizationCodesOfUsers } from '../oauth/authorization-codes.repository.ts';
import { revokeClientTokensOfGroup, revokeClientTokensOfUser } from '../oauth/tokens.repository.ts';
import {
  deleteConsentsOfUsers,
  findConsent,
  listGroupConsents,
  listGroupUserIds,
  upsertConsent,
} from './consents.repository.ts';

/** Does the user's remembered consent for this client already cover every requested scope? */
export async function consentCovers(
  db: Db,
  userId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<boolean> {
  const consent = await findConsent(db, userId, clientId);
  if (!consent) return false;
  const granted = new Set(consent.scope.split(' '));
  return scopes.every((s) => granted.has(s));
}

/**
 * Adds the accepted scopes to what the user already allowed: consent is asked again only for new scopes. Runs in the
 * caller's transaction (`trx`), the one that also answers the authorization request and issues the code.
 */
export async function rememberConsent(
  trx: Db,
  input: { userId: string; clientId: string; scopes: readonly string[]; trackingId: string | null },
): Promise<void> {
  const existing = await findConsent(trx, input.userId, input.clientId);
  const scope = unionScopes(existing?.scope.split(' ') ?? [], input.scopes);
  await upsertConsent(trx, { ...input, scope, now: Date.now() });
}

/** Who is asking: the owner of the account speaks for everyone in it, a secondary user only for themselves. */
export interface AppsCaller {
  userId: string;
  groupId: string;
  isOwner: boolean;
}

/** One row of GET /api/authorized_apps: the application, who consented, and what the caller may do with it. */
export interface AuthorizedApp {
  client_id: string;
  application_name: string;
  consented_by: string[];
  /** Epoch ms of the latest consent by anyone in the account. */
  consented_at: number;
  allowed_scope: string;
  /** Whether PUT /api/consent/revoke would succeed for this caller. */
  removable: boolean;
  /** What that removal takes away: the application for the whole account (owner), or the caller's own consent. */
  removes: 'account' | 'own';
}

/** The applications anyone in the account has consented to, one row per application. */
export async function listAuthorizedApps(db: Db, caller: AppsCaller): Promise<AuthorizedApp[]> {
  const byClient = new Map<string, AuthorizedApp>();
  const removes = caller.isOwner ? 'account' : 'own';
  for (const row of await listGroupConsents(db, caller.groupId)) {
    const app = byClient.get(row.clientId) ?? {
      client_id: row.publicClientId,
      application_name: row.applicationName,
      consented_by: [],
      consented_at: 0,
      allowed_scope: '',
      removable: caller.isOwner,
      removes,
    };
    if (!app.consented_by.includes(row.userName)) app.consented_by.push(row.userName);
    app.consented_at = Math.max(app.consented_at, row.updatedAt);
    app.allowed_scope = unionScopes(app.allowed_scope.split(' '), row.scope.split(' '));
    if (row.userId === caller.userId) app.removable = true;
    byClient.set(row.clientId, app);
  }
  return [...byClient.values()];
}

/**
 * PUT /api/consent/revoke. The owner takes the application away from the account: consents of every user of the
 * group, their pending codes and every token of the client for the group. A secondary user withdraws only their own
 * consent, codes and tokens; what others allowed stays theirs, so an application only the owner consented to is
 * refused (403) rather than silently left in place. One transaction either way; introspection and refresh read the
 * rows, so the next call already fails. Answers the application's row as the caller now sees it (null once no one in
 * the account has it), so the page shows what is left without guessing.
 */
export async function revokeAuthorizedApp(
  db: Db,
  caller: AppsCaller,
  publicClientId: string,
): Promise<AuthorizedApp | null> {
  const client = await findClient(db, publicClientId);
  if (!client) throw appError('ClientNotFound', { message: 'No such application' });
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (caller.isOwner) {
      const userIds = await listGroupUserIds(trx, caller.groupId);
      await deleteConsentsOfUsers(trx, client.id, userIds);
      await deleteAuthorizationCodesOfUsers(trx, client.id, userIds);
      await revokeClientTokensOfGroup(trx, client.id, caller.groupId, now);
    } else {
      if (!(await findConsent(trx, caller.userId, client.id))) {
        throw appError('NotYourConsent');
      }
      await deleteConsentsOfUsers(trx, client.id, [caller.userId]);
      await deleteAuthorizationCodesOfUsers(trx, client.id, [caller.userId]);
      await revokeClientTokensOfUser(trx, client.id, caller.userId, now);
    }
    return (await listAuthorizedApps(trx, caller)).find((app) => app.client_id === client.clientId) ?? null;
  });
}

/** Union in the grammar's resource order, read before write, so stored and displayed scopes read the same way. */
export function unionScopes(a: readonly string[], b: readonly string[]): string {
  const rank = (s: string) => {
    const [resource, permission] = s.split(':');
    return RESOURCES.indexOf(resource as (typeof RESOURCES)[number]) * 2 + (permission === 'write' ? 1 : 0);
  };
  return [...new Set([...a, ...b].filter(Boolean))].sort((x, y) => rank(x) - rank(y)).join(' ');
}
