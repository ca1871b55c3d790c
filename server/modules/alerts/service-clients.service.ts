import type { Db } from '#server/db/database.ts';
import { newOpaqueSecret, randomId, sha256Hex } from '#server/lib/opaque-secret.ts';
import { ALERT_INGEST_SCOPE } from '#shared-domain/alert-delivery.ts';
import {
  deleteServiceGroup,
  insertServiceClient,
  listServiceClients as listRows,
  type ServiceClientRecord,
} from './service-clients.repository.ts';

export type { ServiceClientRecord } from './service-clients.repository.ts';

/**
 * Service clients are how the product's own services (the monitoring backend) call the portal: OAuth
 * client_credentials clients holding `internal:write`, which no credential made on the portal can hold
 * (server/modules/clients/client-scopes.ts). Only the operator CLI makes them (npm run admin -- create-service-client).
 */
export async function createServiceClient(
  db: Db,
  input: { name: string },
  now = Date.now(),
): Promise<{ client: ServiceClientRecord; secret: string }> {
  const name = input.name.trim();
  if (name === '' || name.length > 100) throw new Error('a service client needs a name of 1 to 100 characters');
  const secret = newOpaqueSecret();
  const client: ServiceClientRecord = {
    id: crypto.randomUUID(),
    clientId: randomId(),
    groupId: crypto.randomUUID(),
    name,
    scope: ALERT_INGEST_SCOPE,
    createdAt: now,
    lastUsedAt: null,
  };
  await insertServiceClient(db, {
    id: client.id,
    groupId: client.groupId,
    clientUid: randomId(),
    clientId: client.clientId,
    secretHash: sha256Hex(secret),
    name,
    scope: client.scope,
    now,
  });
  return { client, secret };
}

export function listServiceClients(db: Db): Promise<ServiceClientRecord[]> {
  return listRows(db, ALERT_INGEST_SCOPE);
}

/** Deletes a service client by its client_id; its tokens stop working at once. False when there is none. */
export async function deleteServiceClient(db: Db, clientId: string): Promise<boolean> {
  const client = (await listServiceClients(db)).find((c) => c.clientId === clientId);
  return client ? deleteServiceGroup(db, client.groupId) : false;
}
