import { RESOURCES } from '../../../shared-domain/scopes.ts';
import { GenericCode } from '../../../shared-domain/error-codes.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findClient } from '../clients/clients.service.ts';
import { deleteAuthorizationCodesOfUsers } from '../oauth/authorization-codes.repository.ts';
import { revokeClientTokensOfGroup } from '../oauth/tokens.repository.ts';
import {
  deleteConsentsOfUsers,
  findConsent,
  listGroupConsents,
  listGroupUserIds,
  upsertConsent,
} from './consents.repository.ts';

/** Does the user's remembered consent for this client already cover every requested scope? */
export async function consentCovers(db: Db, userId: string, clientId: string, scopes: readonly string[]): Promise<boolean> {
  const consent = await findConsent(db, userId, clientId);
  if (!consent) return false;
  const granted = new Set(consent.scope.split(' '));
  return scopes.every((s) => granted.has(s));
}

/** Adds the accepted scopes to what the user already allowed: consent is asked again only for new scopes. */
export async function rememberConsent(
  db: Db,
  input: { userId: string; clientId: string; scopes: readonly string[]; trackingId: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await findConsent(trx, input.userId, input.clientId);
    const scope = unionScopes(existing?.scope.split(' ') ?? [], input.scopes);
    await upsertConsent(trx, { ...input, scope, now: Date.now() });
  });
}

/** One row of GET /api/authorized_apps (spec §3 "Authorized app"). */
export interface AuthorizedApp {
  client_id: string;
  application_name: string;
  consented_by: string[];
  /** Epoch ms of the latest consent by anyone in the account. */
  consented_at: number;
  allowed_scope: string;
}

/** The applications anyone in the account has consented to, one row per application. */
export async function listAuthorizedApps(db: Db, groupId: string): Promise<AuthorizedApp[]> {
  const byClient = new Map<string, AuthorizedApp>();
  for (const row of await listGroupConsents(db, groupId)) {
    const app = byClient.get(row.clientId) ?? {
      client_id: row.publicClientId,
      application_name: row.applicationName,
      consented_by: [],
      consented_at: 0,
      allowed_scope: '',
    };
    if (!app.consented_by.includes(row.userName)) app.consented_by.push(row.userName);
    app.consented_at = Math.max(app.consented_at, row.updatedAt);
    app.allowed_scope = unionScopes(app.allowed_scope.split(' '), row.scope.split(' '));
    byClient.set(row.clientId, app);
  }
  return [...byClient.values()];
}

/**
 * PUT /api/consent/revoke: the application loses the account. Consents of every user of the group, their pending
 * codes and every token of the client for the group go in one transaction; introspection and refresh read the rows,
 * so the next call already fails.
 */
export async function revokeAuthorizedApp(db: Db, groupId: string, publicClientId: string): Promise<void> {
  const client = await findClient(db, publicClientId);
  if (!client) throw new AppError(404, 'ClientNotFound', { code: GenericCode.NOT_FOUND, message: 'No such application' });
  await db.transaction().execute(async (trx) => {
    const userIds = await listGroupUserIds(trx, groupId);
    await deleteConsentsOfUsers(trx, client.id, userIds);
    await deleteAuthorizationCodesOfUsers(trx, client.id, userIds);
    await revokeClientTokensOfGroup(trx, client.id, groupId, Date.now());
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
