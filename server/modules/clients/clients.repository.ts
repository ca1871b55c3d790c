import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared-query.ts';
import { lockDeliveriesOfClient } from '../alerts/deliveries.repository.ts';
import type { GrantType } from './client-scopes.ts';

/** A client as every caller may see it: never the secret hash. */
export interface ClientRecord {
  id: string;
  clientUid: string;
  clientId: string;
  groupId: string;
  createdBy: string | null;
  applicationName: string;
  grantType: GrantType;
  redirectUris: string[];
  scope: string;
  createdAt: number;
  lastUsedAt: number | null;
  secretRotatedAt: number | null;
}

export interface ClientWithSecretHash extends ClientRecord {
  secretHash: string;
}

export interface NewClient {
  id: string;
  clientUid: string;
  clientId: string;
  secretHash: string;
  groupId: string;
  createdBy: string;
  applicationName: string;
  applicationNameKey: string | null;
  grantType: GrantType;
  redirectUris: string[] | null;
  scope: string;
  now: number;
}

function selectClients(db: Db) {
  return db.selectFrom('oauth_clients').selectAll();
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof selectClients>['executeTakeFirstOrThrow']>>;

function toRecord(row: ClientRow): ClientWithSecretHash {
  return {
    id: row.id,
    clientUid: row.client_uid,
    clientId: row.client_id,
    groupId: row.group_id,
    createdBy: row.created_by,
    applicationName: row.application_name,
    grantType: row.grant_type as GrantType,
    redirectUris: row.redirect_uris ? (JSON.parse(row.redirect_uris) as string[]) : [],
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    secretRotatedAt: row.secret_rotated_at,
    secretHash: row.secret_hash,
  };
}

export function withoutSecretHash({ secretHash: _omit, ...client }: ClientWithSecretHash): ClientRecord {
  return client;
}

export async function insertClient(db: Db, c: NewClient): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values({
      id: c.id,
      client_uid: c.clientUid,
      client_id: c.clientId,
      secret_hash: c.secretHash,
      group_id: c.groupId,
      created_by: c.createdBy,
      application_name: c.applicationName,
      application_name_key: c.applicationNameKey,
      grant_type: c.grantType,
      redirect_uris: c.redirectUris ? JSON.stringify(c.redirectUris) : null,
      scope: c.scope,
      created_at: c.now,
      last_used_at: null,
      secret_rotated_at: null,
    })
    .execute();
}

/**
 * Serialises concurrent creations for one account: a no-op UPDATE takes the group's row lock on PostgreSQL until
 * commit (SQLite serialises every write transaction anyway), so two requests cannot both pass the cap check.
 */
export async function lockGroupForClients(db: Db, groupId: string): Promise<void> {
  await db
    .updateTable('groups')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', groupId)
    .execute();
}

export async function countClients(db: Db, groupId: string, grantType: GrantType): Promise<number> {
  const row = await db
    .selectFrom('oauth_clients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_id', '=', groupId)
    .where('grant_type', '=', grantType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function applicationNameKeyExists(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('oauth_clients')
    .select('id')
    .where('application_name_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

// Every token request authenticates its client with it, so it is compiled once (prepared-query.ts).
const selectClientByClientId = preparedQuery((db: Db, clientId: string) =>
  selectClients(db).where('client_id', '=', clientId),
);

export async function findClientByClientId(db: Db, clientId: string): Promise<ClientWithSecretHash | null> {
  const [row] = await selectClientByClientId(db, clientId);
  return row ? toRecord(row) : null;
}

export async function findClientById(db: Db, id: string): Promise<ClientWithSecretHash | null> {
  const row = await selectClients(db).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listClientsOfGroup(db: Db, groupId: string): Promise<ClientWithSecretHash[]> {
  const rows = await selectClients(db).where('group_id', '=', groupId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toRecord);
}

export async function replaceSecretHash(db: Db, id: string, secretHash: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_clients')
    .set({ secret_hash: secretHash, secret_rotated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Codes, tokens and consents of the client go with it (ON DELETE CASCADE), so nothing it holds still works. */
export async function deleteClientRow(db: Db, groupId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The credential's alert deliveries go with it, possibly while a worker records an attempt on one.
    await lockDeliveriesOfClient(trx, id);
    const result = await trx
      .deleteFrom('oauth_clients')
      .where('id', '=', id)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function touchClientLastUsed(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('oauth_clients').set({ last_used_at: now }).where('id', '=', id).execute();
}
