import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { type AppError, appError } from '#server/errors.ts';
import {
  type AlertForwardingConfig,
  type AlertForwardingEditResult,
  type AlertForwardingKeys,
  isValidWebhookUrl,
} from '#shared-domain/alert-forwarding.ts';
import { enqueuePing } from '../alerts/alerts.service.ts';
import { cancelLegacyDeliveries } from '../alerts/deliveries.repository.ts';
import { exampleAlert, sealAlert } from './alert-envelope.ts';
import {
  clearCompanyId,
  deleteConfig,
  type ForwardingClient,
  findClientByUid,
  findCompanyId,
  findConfig,
  type IssuedKeys,
  insertConfig,
  replaceKeys,
  type StoredConfig,
  updateField,
} from './alert-forwarding.repository.ts';
import { normalizeCustomerPublicKey } from './customer-public-key.ts';
import type { Sealer } from './key-sealing.ts';

const generateRsaKeyPair = promisify(generateKeyPair);

export interface ClientRef {
  groupId: string;
  clientUid: string;
}

/** Tests only (ALERT_WEBHOOK_ALLOW_LOOPBACK): a webhook on this machine may be saved, so a test receiver gets alerts. */
export interface WebhookRules {
  allowLoopback: boolean;
}

const PUBLIC_WEBHOOKS: WebhookRules = { allowLoopback: false };

export async function getConfig(db: Db, ref: ClientRef): Promise<AlertForwardingConfig> {
  const client = await clientOf(db, ref);
  const stored = await findConfig(db, client.id);
  if (!stored) throw notConfigured();
  return toWire(client, stored, await findCompanyId(db, client.groupId));
}

/**
 * POST: the first configuration of a credential, with fresh portal keys, the AES key and an example alert, and a
 * ping queued to the webhook, whose answer the delivery log shows (the caller wakes the worker).
 */
export async function setUp(
  db: Db,
  sealer: Sealer,
  input: ClientRef & { url: string; publicRsaKey: string },
  rules: WebhookRules = PUBLIC_WEBHOOKS,
): Promise<AlertForwardingKeys> {
  const client = await clientOf(db, input);
  const url = checkedUrl(input.url, rules);
  const groupPublicKey = checkedKey(input.publicRsaKey);
  const issued = await issueKeys(sealer, client.id);
  try {
    await insertConfig(db, { clientId: client.id, url, groupPublicKey, keys: issued.stored, now: Date.now() });
  } catch (err) {
    // Set up twice (two tabs): the first one's keys stand; replacing them is Acquire New Keys, a deliberate act.
    if (isUniqueViolation(err)) {
      throw appError('AlertForwardingAlreadyConfigured');
    }
    throw err;
  }
  await enqueuePing(db, sealer, input);
  const stored = { url, groupPublicKey, portalPublicKey: issued.stored.portalPublicKey };
  const config = toWire(client, stored, await findCompanyId(db, client.groupId));
  return answerKeys(issued, groupPublicKey, input.clientUid, config);
}

/**
 * PUT with url or public_rsa_key: saved only if valid and different from the stored value (product.md §5). A new
 * webhook gets a ping, as at setup: whether it answers is the first thing to know about it.
 */
export async function editField(
  db: Db,
  sealer: Sealer,
  input: ClientRef & ({ field: 'url'; value: string } | { field: 'publicRsaKey'; value: string }),
  rules: WebhookRules = PUBLIC_WEBHOOKS,
): Promise<AlertForwardingEditResult> {
  const client = await clientOf(db, input);
  const [column, value] =
    input.field === 'url'
      ? (['url', checkedUrl(input.value, rules)] as const)
      : (['group_public_key', checkedKey(input.value)] as const);
  if (!(await findConfig(db, client.id))) throw notConfigured();
  const changed = await updateField(db, client.id, column, value, Date.now());
  if (changed && input.field === 'url') await enqueuePing(db, sealer, input);
  const stored = await findConfig(db, client.id);
  if (!stored) throw notConfigured();
  return { changed, config: toWire(client, stored, await findCompanyId(db, client.groupId)) };
}

/** PUT overwrite_portal_keys: new portal keys and AES key; the old ones are gone, so they stop working at once. */
export async function overwriteKeys(db: Db, sealer: Sealer, ref: ClientRef): Promise<AlertForwardingKeys> {
  const client = await clientOf(db, ref);
  const stored = await findConfig(db, client.id);
  if (!stored) throw notConfigured();
  const issued = await issueKeys(sealer, client.id);
  if (!(await replaceKeys(db, client.id, issued.stored, Date.now()))) throw notConfigured();
  const config = toWire(
    client,
    { ...stored, portalPublicKey: issued.stored.portalPublicKey },
    await findCompanyId(db, client.groupId),
  );
  return answerKeys(issued, stored.groupPublicKey, ref.clientUid, config);
}

/** DELETE: Clear Data, permanent (product.md §4). */
export async function clearConfig(db: Db, ref: ClientRef): Promise<void> {
  const client = await clientOf(db, ref);
  if (!(await deleteConfig(db, client.id))) throw notConfigured();
}

/** PUT alert_forwarding_config remove_company_id: irreversible; only version 4 alerts are sent afterwards. */
export async function stopV3Alerts(db: Db, groupId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await clearCompanyId(trx, groupId);
    await cancelLegacyDeliveries(trx, groupId, Date.now());
  });
}

/** The stored keys, opened: what the alert sender needs to seal an alert for this credential. */
export function openKeys(
  sealer: Sealer,
  stored: Pick<StoredConfig, 'clientId' | 'aesKeySealed' | 'portalPrivateKeySealed'>,
) {
  return {
    aesKey: sealer.open(stored.aesKeySealed, sealContext(stored.clientId, 'aes_key')),
    portalPrivateKey: createPrivateKey({
      key: sealer.open(stored.portalPrivateKeySealed, sealContext(stored.clientId, 'portal_private_key')),
      format: 'der',
      type: 'pkcs8',
    }),
  };
}

interface Issued {
  stored: IssuedKeys;
  aesKey: Buffer;
  portalPrivateKey: ReturnType<typeof createPrivateKey>;
}

async function issueKeys(sealer: Sealer, clientId: string): Promise<Issued> {
  const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const aesKey = randomBytes(32);
  return {
    aesKey,
    portalPrivateKey: privateKey,
    stored: {
      portalPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      portalPrivateKeySealed: sealer.seal(
        privateKey.export({ type: 'pkcs8', format: 'der' }),
        sealContext(clientId, 'portal_private_key'),
      ),
      aesKeySealed: sealer.seal(aesKey, sealContext(clientId, 'aes_key')),
    },
  };
}

function answerKeys(
  issued: Issued,
  groupPublicKey: string,
  clientUid: string,
  config: AlertForwardingConfig,
): AlertForwardingKeys {
  const example = sealAlert(exampleAlert(clientUid, Date.now()), {
    aesKey: issued.aesKey,
    recipientPublicKey: createPublicKey(groupPublicKey),
    portalPrivateKey: issued.portalPrivateKey,
  });
  return { aes_key: issued.aesKey.toString('hex'), portal_public_key: issued.stored.portalPublicKey, example, config };
}

function sealContext(clientId: string, field: 'aes_key' | 'portal_private_key'): string {
  return `alert_forwarding_configs/${clientId}/${field}`;
}

/**
 * The credential must be the caller's account's. Another account's credential answers exactly like a missing one
 * (404), so a client_uid seen elsewhere reveals nothing.
 */
async function clientOf(db: Db, ref: ClientRef): Promise<ForwardingClient> {
  const client = await findClientByUid(db, ref.clientUid);
  if (!client || client.groupId !== ref.groupId) {
    throw appError('ClientNotFound');
  }
  return client;
}

/**
 * The portal's public key goes with every answer: it verifies every alert, so it is as public as the webhook. Only
 * the AES key (and the portal's private key, never sent) are secrets.
 */
function toWire(
  client: ForwardingClient,
  stored: Pick<StoredConfig, 'url' | 'groupPublicKey' | 'portalPublicKey'>,
  companyId: string | null,
): AlertForwardingConfig {
  return {
    url: stored.url,
    name: client.applicationName,
    group_public_key: stored.groupPublicKey,
    companyId,
    portal_public_key: stored.portalPublicKey,
  };
}

function checkedUrl(value: string, rules: WebhookRules): string {
  if (!isValidWebhookUrl(value) && !(rules.allowLoopback && isLoopbackWebhookUrl(value))) {
    throw appError('InvalidForwardAlertWebhook');
  }
  return value.trim();
}

/** http(s) to 127.0.0.1, [::1] or localhost, with a port and a path and nothing else: a receiver a test started. */
function isLoopbackWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

function checkedKey(value: string): string {
  const normalized = normalizeCustomerPublicKey(value);
  if (!normalized) {
    throw appError('InvalidRsaPublicKey');
  }
  return normalized;
}

function notConfigured(): AppError {
  return appError('NoAlertConfig');
}
