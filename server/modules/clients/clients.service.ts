import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { type AppError, appError } from '#server/errors.ts';
import { matchesHash, newOpaqueSecret, randomId, sha256Hex } from '#server/lib/opaque-secret.ts';
import { APPLICATION_NAME_MAX_LENGTH } from '#shared-domain/credentials.ts';
import type { ValidationErrorData } from '#shared-domain/validation-error.ts';
import { type DeliveryHealth, listDeliveryHealth } from '../alerts/delivery-health.repository.ts';
import { defaultScopeOf, GRANT_TYPES, type GrantType } from './client-scopes.ts';
import {
  applicationNameKeyExists,
  type ClientRecord,
  countClients,
  deleteClientRow,
  findClientByClientId,
  findClientById,
  insertClient,
  listClientsOfGroup,
  lockGroupForClients,
  replaceSecretHash,
  withoutSecretHash,
} from './clients.repository.ts';
import { normalizeRedirectUris } from './redirect-uris.ts';

export type { ClientRecord } from './clients.repository.ts';

export type ClientsConfig = { oauth: Pick<Config['oauth'], 'clientCapPerGrantType'> };

/**
 * product.md §5: an empty application name becomes this; it is exempt from the uniqueness rule, or only one could
 * exist.
 */
export const DEFAULT_APPLICATION_NAME = 'Not Found';

export interface CreateClientInput {
  groupId: string;
  /** The account owner creating the credential; who may do so is the caller's rule (owner with apiAccess). */
  userId: string;
  grantType: string;
  applicationName?: string | null;
  redirectUris?: readonly string[] | null;
}

/** The secret exists only in this result: it is shown once and stored as a hash. */
export interface ClientWithSecret {
  client: ClientRecord;
  secret: string;
}

export async function createClient(db: Db, config: ClientsConfig, input: CreateClientInput): Promise<ClientWithSecret> {
  const grantType = parseGrantType(input.grantType);
  const redirectUris = normalizeRedirectUris(grantType, input.redirectUris ?? []);
  const name = (input.applicationName ?? '').trim() || DEFAULT_APPLICATION_NAME;
  if (name.length > APPLICATION_NAME_MAX_LENGTH) {
    // The same body as a schema refusal, so the page words it like any other over-long field.
    const issue = { field: 'application_name', problem: 'too_long', limit: APPLICATION_NAME_MAX_LENGTH } as const;
    const data: ValidationErrorData = { ...issue, issues: [issue] };
    throw appError('ValidationError', {
      message: `application_name: at most ${APPLICATION_NAME_MAX_LENGTH} characters`,
      data,
    });
  }
  const nameKey = name === DEFAULT_APPLICATION_NAME ? null : name.toLowerCase();
  const secret = newOpaqueSecret();
  const id = crypto.randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await lockGroupForClients(trx, input.groupId);
      if ((await countClients(trx, input.groupId, grantType)) >= config.oauth.clientCapPerGrantType) {
        throw appError('ClientLimitExceeded', {
          data: { limit: config.oauth.clientCapPerGrantType },
        });
      }
      if (nameKey && (await applicationNameKeyExists(trx, nameKey))) throw nameTaken();
      await insertClient(trx, {
        id,
        clientUid: randomId(),
        clientId: randomId(),
        secretHash: sha256Hex(secret),
        groupId: input.groupId,
        createdBy: input.userId,
        applicationName: name,
        applicationNameKey: nameKey,
        grantType,
        redirectUris: grantType === 'authorization_code' ? redirectUris : null,
        scope: defaultScopeOf(grantType),
        now: Date.now(),
      });
    });
  } catch (err) {
    // Another account took the name between our check and our insert: the unique index had the last word.
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  const created = await findClientById(db, id);
  if (!created) throw new Error('client vanished right after creation');
  return { client: withoutSecretHash(created), secret };
}

export async function listClients(db: Db, groupId: string): Promise<ClientRecord[]> {
  return (await listClientsOfGroup(db, groupId)).map(withoutSecretHash);
}

/** GET client_credentials: the account's credentials, each with its alert forwarding's health (null: none). */
export async function listCredentials(
  db: Db,
  groupId: string,
): Promise<Array<{ client: ClientRecord; forwarding: DeliveryHealth | null }>> {
  const [clients, health] = await Promise.all([listClients(db, groupId), listDeliveryHealth(db, groupId)]);
  const byClient = new Map(health.map((h) => [h.clientId, h]));
  return clients.map((client) => ({ client, forwarding: byClient.get(client.id) ?? null }));
}

/** PUT client_grant: a new secret; the old one stops working at once (every check reads the stored hash). */
export async function rotateSecret(db: Db, groupId: string, clientId: string): Promise<ClientWithSecret> {
  const client = await findClientByClientId(db, clientId);
  if (!client || client.groupId !== groupId) throw clientNotFound();
  const secret = newOpaqueSecret();
  const now = Date.now();
  await replaceSecretHash(db, client.id, sha256Hex(secret), now);
  return { client: { ...withoutSecretHash(client), secretRotatedAt: now }, secret };
}

/** DELETE client_credentials/{id}: the credential and everything issued to it (codes, tokens, consents). */
export async function deleteClient(db: Db, groupId: string, id: string): Promise<void> {
  if (!(await deleteClientRow(db, groupId, id))) throw clientNotFound();
}

/** The client a public client_id names, or null; no secret check (the authorization endpoint's view). */
export async function findClient(db: Db, clientId: string): Promise<ClientRecord | null> {
  const client = await findClientByClientId(db, clientId);
  return client ? withoutSecretHash(client) : null;
}

/** The client only if `secret` is its current secret; compared in constant time against the stored hash. */
export async function authenticateClient(db: Db, clientId: string, secret: string): Promise<ClientRecord | null> {
  const client = await findClientByClientId(db, clientId);
  // Hash even for an unknown client so the answer takes the same time either way.
  const ok = matchesHash(secret, client?.secretHash ?? '0'.repeat(64));
  return client && ok ? withoutSecretHash(client) : null;
}

function parseGrantType(value: string): GrantType {
  if ((GRANT_TYPES as readonly string[]).includes(value)) return value as GrantType;
  throw appError('InvalidGrantType', {
    message: `grant_type must be one of ${GRANT_TYPES.join(', ')}`,
  });
}

function nameTaken(): AppError {
  return appError('ApplicationNameTaken');
}

function clientNotFound(): AppError {
  return appError('ClientNotFound');
}
