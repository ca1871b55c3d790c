import type { Db } from '#server/db/database.ts';

export interface ServiceClientRecord {
  id: string;
  clientId: string;
  groupId: string;
  name: string;
  scope: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/**
 * A service client lives in a group of its own that no person belongs to: no portal page lists, rotates or deletes
 * it, and a token it gets acts for no account. The group is made in the same transaction.
 */
export async function insertServiceClient(
  db: Db,
  c: {
    id: string;
    groupId: string;
    clientUid: string;
    clientId: string;
    secretHash: string;
    name: string;
    scope: string;
    now: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('groups')
      .values({ id: c.groupId, owner_user_id: null, api_access: 0, company_id: null, created_at: c.now })
      .execute();
    await trx
      .insertInto('oauth_clients')
      .values({
        id: c.id,
        client_uid: c.clientUid,
        client_id: c.clientId,
        secret_hash: c.secretHash,
        group_id: c.groupId,
        created_by: null,
        application_name: c.name,
        // Not reserved: a service's name must not keep a customer from naming an application alike.
        application_name_key: null,
        grant_type: 'client_credentials',
        redirect_uris: null,
        scope: c.scope,
        created_at: c.now,
        last_used_at: null,
        secret_rotated_at: null,
      })
      .execute();
  });
}

/** Clients whose registered scope holds `scope`: only the operator CLI writes such a scope. */
export async function listServiceClients(db: Db, scope: string): Promise<ServiceClientRecord[]> {
  const rows = await db
    .selectFrom('oauth_clients')
    .select(['id', 'client_id', 'group_id', 'application_name', 'scope', 'created_at', 'last_used_at'])
    .where('grant_type', '=', 'client_credentials')
    .orderBy('created_at')
    .execute();
  return rows
    .filter((r) => r.scope.split(' ').includes(scope))
    .map((r) => ({
      id: r.id,
      clientId: r.client_id,
      groupId: r.group_id,
      name: r.application_name,
      scope: r.scope,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
}

/** Deletes the client's own group, and with it (foreign keys) the client and its tokens. */
export async function deleteServiceGroup(db: Db, groupId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('groups')
    .where('id', '=', groupId)
    .where('owner_user_id', 'is', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.group_id', '=', 'groups.id'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
