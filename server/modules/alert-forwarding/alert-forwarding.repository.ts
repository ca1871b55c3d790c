import type { Db } from '#server/db/database.ts';
import { lockDeliveriesOfClient } from '../alerts/deliveries.repository.ts';

/** The credential an alert_forwarding_config URL names by its public client_uid. */
export interface ForwardingClient {
  id: string;
  groupId: string;
  applicationName: string;
}

export interface StoredConfig {
  clientId: string;
  url: string;
  groupPublicKey: string;
  portalPublicKey: string;
  portalPrivateKeySealed: string;
  aesKeySealed: string;
}

export interface IssuedKeys {
  portalPublicKey: string;
  portalPrivateKeySealed: string;
  aesKeySealed: string;
}

export async function findClientByUid(db: Db, clientUid: string): Promise<ForwardingClient | null> {
  const row = await db
    .selectFrom('oauth_clients')
    .select(['id', 'group_id', 'application_name'])
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return row ? { id: row.id, groupId: row.group_id, applicationName: row.application_name } : null;
}

export async function findCompanyId(db: Db, groupId: string): Promise<string | null> {
  const row = await db.selectFrom('groups').select('company_id').where('id', '=', groupId).executeTakeFirst();
  return row?.company_id ?? null;
}

export async function findConfig(db: Db, clientId: string): Promise<StoredConfig | null> {
  const row = await db
    .selectFrom('alert_forwarding_configs')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    clientId: row.client_id,
    url: row.url,
    groupPublicKey: row.group_public_key,
    portalPublicKey: row.portal_public_key,
    portalPrivateKeySealed: row.portal_private_key_sealed,
    aesKeySealed: row.aes_key_sealed,
  };
}

export async function insertConfig(
  db: Db,
  c: { clientId: string; url: string; groupPublicKey: string; keys: IssuedKeys; now: number },
): Promise<void> {
  await db
    .insertInto('alert_forwarding_configs')
    .values({
      client_id: c.clientId,
      url: c.url,
      group_public_key: c.groupPublicKey,
      portal_public_key: c.keys.portalPublicKey,
      portal_private_key_sealed: c.keys.portalPrivateKeySealed,
      aes_key_sealed: c.keys.aesKeySealed,
      created_at: c.now,
      updated_at: c.now,
      keys_issued_at: c.now,
    })
    .execute();
}

/** Changes one field only if the stored value differs, in one statement, so a concurrent edit cannot be lost. */
export async function updateField(
  db: Db,
  clientId: string,
  field: 'url' | 'group_public_key',
  value: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('alert_forwarding_configs')
    .set({ [field]: value, updated_at: now })
    .where('client_id', '=', clientId)
    .where(field, '!=', value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceKeys(db: Db, clientId: string, keys: IssuedKeys, now: number): Promise<boolean> {
  const result = await db
    .updateTable('alert_forwarding_configs')
    .set({
      portal_public_key: keys.portalPublicKey,
      portal_private_key_sealed: keys.portalPrivateKeySealed,
      aes_key_sealed: keys.aesKeySealed,
      updated_at: now,
      keys_issued_at: now,
    })
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConfig(db: Db, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockDeliveriesOfClient(trx, clientId);
    const result = await trx
      .deleteFrom('alert_forwarding_configs')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Stopping V3 alerts: the account's company id is what the V3 pipeline addresses it by, so it goes for good. */
export async function clearCompanyId(db: Db, groupId: string): Promise<void> {
  await db.updateTable('groups').set({ company_id: null }).where('id', '=', groupId).execute();
}
