import type { Db } from '#server/db/database.ts';

export interface ConsentRecord {
  userId: string;
  clientId: string;
  scope: string;
  trackingId: string | null;
  createdAt: number;
  updatedAt: number;
}

export async function findConsent(db: Db, userId: string, clientId: string): Promise<ConsentRecord | null> {
  const row = await db
    .selectFrom('oauth_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    clientId: row.client_id,
    scope: row.scope,
    trackingId: row.tracking_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** ON CONFLICT is understood by both SQLite and PostgreSQL, so two concurrent accepts cannot create two rows. */
export async function upsertConsent(
  db: Db,
  c: { userId: string; clientId: string; scope: string; trackingId: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('oauth_consents')
    .values({
      id: crypto.randomUUID(),
      user_id: c.userId,
      client_id: c.clientId,
      scope: c.scope,
      tracking_id: c.trackingId,
      created_at: c.now,
      updated_at: c.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'client_id']).doUpdateSet((eb) => ({
        scope: c.scope,
        tracking_id: c.trackingId === null ? eb.ref('oauth_consents.tracking_id') : c.trackingId,
        updated_at: c.now,
      })),
    )
    .execute();
}

export interface GroupConsentRow {
  clientId: string;
  publicClientId: string;
  applicationName: string;
  userId: string;
  userName: string;
  scope: string;
  updatedAt: number;
}

/** Every consent given by a user of the group, with the client and the user's friendly name. */
export async function listGroupConsents(db: Db, groupId: string): Promise<GroupConsentRow[]> {
  const rows = await db
    .selectFrom('oauth_consents')
    .innerJoin('users', 'users.id', 'oauth_consents.user_id')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_consents.client_id')
    .select([
      'oauth_consents.client_id',
      'oauth_clients.client_id as public_client_id',
      'oauth_clients.application_name',
      'users.id as user_id',
      'users.name',
      'oauth_consents.scope',
      'oauth_consents.updated_at',
    ])
    .where('users.group_id', '=', groupId)
    .orderBy('oauth_clients.application_name')
    .orderBy('oauth_consents.updated_at')
    .execute();
  return rows.map((r) => ({
    clientId: r.client_id,
    publicClientId: r.public_client_id,
    applicationName: r.application_name,
    userId: r.user_id,
    userName: r.name,
    scope: r.scope,
    updatedAt: r.updated_at,
  }));
}

export async function listGroupUserIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('group_id', '=', groupId).execute();
  return rows.map((r) => r.id);
}

export async function deleteConsentsOfUsers(db: Db, clientId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('oauth_consents').where('client_id', '=', clientId).where('user_id', 'in', userIds).execute();
}
