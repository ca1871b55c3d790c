import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeys } from '../../server/modules/alert-forwarding/alert-forwarding.service.ts';
import { createSealer } from '../../server/modules/alert-forwarding/key-sealing.ts';
import { createUser, loginCookie, sameOrigin, startTestServer, type TestServer } from '../support/server.ts';

/** The alert forwarding API (spec §7) over real HTTP, on SQLite or PostgreSQL (DATABASE_URL). */
let server: TestServer;
let users = 0;
let workDir: string;

beforeAll(async () => {
  server = await startTestServer();
  workDir = mkdtempSync(join(tmpdir(), 'alert-forwarding-'));
});
afterAll(async () => {
  await server.close();
  rmSync(workDir, { recursive: true, force: true });
});

function rsaKeyPair(bits = 2048) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

// One customer key for most tests: generating 2048-bit keys is the slow part of this file.
const customer = rsaKeyPair();
const WEBHOOK = 'https://alerts.customer.example/hook';

function call(method: string, path: string, cookie: string | null, body?: unknown) {
  return fetch(`${server.url}/api/${path}`, {
    method,
    headers: body === undefined ? { origin: server.url, ...(cookie ? { cookie } : {}) } : sameOrigin(server, cookie ? { cookie } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const configPath = (uid: string) => `alert_forwarding_config/${encodeURIComponent(uid)}`;
const get = (cookie: string | null, uid: string) => call('GET', configPath(uid), cookie);
const post = (cookie: string | null, uid: string, body: unknown) => call('POST', configPath(uid), cookie, body);
const put = (cookie: string | null, uid: string, body: unknown) => call('PUT', configPath(uid), cookie, body);
const remove = (cookie: string | null, uid: string) => call('DELETE', configPath(uid), cookie);
const stopV3 = (cookie: string | null, body: unknown) => call('PUT', 'alert_forwarding_config', cookie, body);

async function expectError(response: Response, status: number, code: string | number, name?: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ success: false, error: { code, ...(name ? { name } : {}) } });
}

async function ok(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: any }).data;
}

/** A fresh account (its own group) with one credential, and the owner's cookie. */
async function developer(options: { owner?: boolean; apiAccess?: boolean; companyId?: string | null; groupOfEmail?: string } = {}) {
  const email = `af${++users}@example.com`;
  const user = await createUser(server, {
    email,
    owner: options.owner ?? true,
    apiAccess: options.apiAccess ?? true,
    companyId: options.companyId,
    groupOfEmail: options.groupOfEmail,
  });
  const cookie = await loginCookie(server, email);
  return { email, user, cookie };
}

async function withCredential(options: Parameters<typeof developer>[0] = {}) {
  const dev = await developer(options);
  const grant = await ok(await call('POST', 'client_grant', dev.cookie, { grant_type: 'client_credentials', application_name: `Forwarder ${users}` }));
  return { ...dev, uid: grant.client_uid as string, credentialId: grant.id as string, name: grant.application_name as string };
}

/** Runs the downloadable example exactly as the docs tell a customer to; answers its exit code and output. */
async function decryptWithExample(example: unknown, privatePem: string, aesKeyHex: string, portalPublicPem: string) {
  const dir = mkdtempSync(join(workDir, 'run-'));
  writeFileSync(join(dir, 'alert.json'), JSON.stringify(example));
  writeFileSync(join(dir, 'private.pem'), privatePem);
  writeFileSync(join(dir, 'portal.pem'), portalPublicPem);
  const script = resolve('docs/api/alert-forwarding-decrypt.mjs');
  const args = [script, join(dir, 'alert.json'), join(dir, 'private.pem'), aesKeyHex, join(dir, 'portal.pem')];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 20_000 });
    return { code: 0, alert: JSON.parse(stdout) };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, alert: null, stdout: e.stdout, stderr: e.stderr };
  }
}

async function rawRow(credentialId: string) {
  return server.db.selectFrom('alert_forwarding_configs').selectAll().where('client_id', '=', credentialId).executeTakeFirst();
}

describe('who may', () => {
  it('refuses without a session, a member who is not the owner (9), and an owner without API access (80)', async () => {
    const owner = await withCredential();
    const member = await developer({ owner: false, groupOfEmail: owner.email });
    const noApi = await developer({ apiAccess: false });
    const setup = { url: WEBHOOK, public_rsa_key: customer.publicPem };
    for (const [cookie, status, code] of [
      [null, 401, 'NO_SESSION'],
      [member.cookie, 403, 9],
      [noApi.cookie, 403, 80],
    ] as const) {
      await expectError(await get(cookie, owner.uid), status, code);
      await expectError(await post(cookie, owner.uid, setup), status, code);
      await expectError(await put(cookie, owner.uid, { url: WEBHOOK }), status, code);
      await expectError(await remove(cookie, owner.uid), status, code);
      await expectError(await stopV3(cookie, { remove_company_id: true }), status, code);
    }
    await expectError(await get(member.cookie, owner.uid), 403, 9, 'NotOwner');
  });

  it("answers another account's credential exactly like an unknown one (404), and changes nothing of it", async () => {
    const owner = await withCredential();
    await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    const stranger = await withCredential();
    for (const uid of [owner.uid, 'no-such-credential']) {
      await expectError(await get(stranger.cookie, uid), 404, 'NOT_FOUND', 'ClientNotFound');
      await expectError(await post(stranger.cookie, uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }), 404, 'NOT_FOUND');
      await expectError(await put(stranger.cookie, uid, { url: 'https://evil.example/hook' }), 404, 'NOT_FOUND');
      await expectError(await put(stranger.cookie, uid, { overwrite_portal_keys: true }), 404, 'NOT_FOUND');
      await expectError(await remove(stranger.cookie, uid), 404, 'NOT_FOUND');
    }
    expect((await ok(await get(owner.cookie, owner.uid))).url).toBe(WEBHOOK);
  });

  it('refuses a state-changing request from another origin', async () => {
    const owner = await withCredential();
    const response = await fetch(`${server.url}/api/${configPath(owner.uid)}`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: owner.cookie },
      body: JSON.stringify({ url: WEBHOOK, public_rsa_key: customer.publicPem }),
    });
    expect(response.status).toBe(403);
    await expectError(await get(owner.cookie, owner.uid), 404, 28, 'NoAlertConfig');
  });
});

describe('set up', () => {
  it('answers code 28 before anything is configured', async () => {
    const owner = await withCredential();
    await expectError(await get(owner.cookie, owner.uid), 404, 28, 'NoAlertConfig');
  });

  it('issues portal keys, an AES key and an example alert that the downloadable example decrypts', async () => {
    const owner = await withCredential({ companyId: 'ACME-42' });
    const response = await post(owner.cookie, owner.uid, { url: `  ${WEBHOOK}  `, public_rsa_key: customer.publicPem });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const keys = await ok(response);
    const config = { url: WEBHOOK, name: owner.name, group_public_key: customer.publicPem, companyId: 'ACME-42' };
    expect(keys).toEqual({
      aes_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      portal_public_key: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/),
      example: {
        version: 4,
        encrypted_seed: expect.any(String),
        iv: expect.any(String),
        ciphertext: expect.any(String),
        tag: expect.any(String),
        signature: expect.any(String),
      },
      config,
    });
    const portalKey = createPublicKey(keys.portal_public_key);
    expect([portalKey.asymmetricKeyType, portalKey.asymmetricKeyDetails?.modulusLength]).toEqual(['rsa', 2048]);

    const read = await decryptWithExample(keys.example, customer.privatePem, keys.aes_key, keys.portal_public_key);
    expect(read.code).toBe(0);
    expect(read.alert).toMatchObject({ version: 4, example: true, type: 'fall_detected', client_uid: owner.uid });

    // Tampering, or the wrong private key, is rejected by the same example.
    const tampered = { ...keys.example, ciphertext: Buffer.from('{"example":false}').toString('base64') };
    expect((await decryptWithExample(tampered, customer.privatePem, keys.aes_key, keys.portal_public_key)).code).toBe(1);
    expect((await decryptWithExample(keys.example, rsaKeyPair().privatePem, keys.aes_key, keys.portal_public_key)).code).toBe(1);

    expect(await ok(await get(owner.cookie, owner.uid))).toEqual(config);
  });

  it('keeps the first setup when a second one comes (409), so its keys stay valid', async () => {
    const owner = await withCredential();
    const first = await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    await expectError(
      await post(owner.cookie, owner.uid, { url: 'https://other.example/hook', public_rsa_key: customer.publicPem }),
      409,
      'ALERT_FORWARDING_EXISTS',
      'AlertForwardingAlreadyConfigured',
    );
    const stored = await rawRow(owner.credentialId);
    expect(stored?.url).toBe(WEBHOOK);
    expect(openKeys(createSealer(server.config.alertKeysSecret), toStored(stored!)).aesKey.toString('hex')).toBe(first.aes_key);
  });

  it.each([
    ['plain http', 'http://alerts.customer.example/hook'],
    ['not a URL', 'alerts.customer.example/hook'],
    ['localhost', 'https://localhost/hook'],
    ['a single-label host', 'https://intranet/hook'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback spelled as a number', 'https://2130706433/hook'],
    ['a private network', 'https://10.1.2.3/hook'],
    ['cloud metadata', 'https://169.254.169.254/latest'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv4-mapped IPv6', 'https://[::ffff:192.168.0.1]/hook'],
    ['credentials in the URL', 'https://user:pass@alerts.customer.example/hook'],
    ['a fragment', 'https://alerts.customer.example/hook#x'],
    ['empty', ''],
  ])('refuses a webhook that is %s (InvalidForwardAlertWebhook) and stores nothing', async (_label, url) => {
    const owner = await withCredential();
    await expectError(await post(owner.cookie, owner.uid, { url, public_rsa_key: customer.publicPem }), 400, 'VALIDATION_ERROR', 'InvalidForwardAlertWebhook');
    await expectError(await get(owner.cookie, owner.uid), 404, 28);
  });

  it('refuses a key that is not a 2048-bit RSA public key in PEM (InvalidRsaPublicKey)', async () => {
    const owner = await withCredential();
    const rsa1024 = rsaKeyPair(1024);
    const rsa3072 = rsaKeyPair(3072);
    const pkcs1 = createPublicKey(customer.publicPem).export({ type: 'pkcs1', format: 'pem' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const body = customer.publicPem.split('-----')[2];
    const garbage = `-----BEGIN PUBLIC KEY-----${body.replace(/[A-Za-z]/g, 'A')}-----END PUBLIC KEY-----\n`;
    for (const key of [rsa1024.publicPem, rsa3072.publicPem, customer.privatePem, pkcs1, ec, garbage, 'not a key', '']) {
      await expectError(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: key }), 400, 'VALIDATION_ERROR', 'InvalidRsaPublicKey');
    }
    await expectError(await get(owner.cookie, owner.uid), 404, 28);
    await expectError(await post(owner.cookie, owner.uid, { url: WEBHOOK }), 400, 'VALIDATION_ERROR', 'ValidationError');
    await expectError(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem, extra: 1 }), 400, 'VALIDATION_ERROR');
  });

  it('never stores the AES key or the portal private key in clear; only the configured secret opens them', async () => {
    const owner = await withCredential();
    const keys = await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    const row = (await rawRow(owner.credentialId))!;
    const everything = JSON.stringify(row);
    const aes = Buffer.from(keys.aes_key, 'hex');
    for (const form of [keys.aes_key, aes.toString('base64'), aes.toString('base64url'), keys.aes_key.toUpperCase()]) {
      expect(everything).not.toContain(form);
    }
    expect(everything).not.toMatch(/PRIVATE KEY/);
    expect(row.portal_private_key_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);

    const opened = openKeys(createSealer(server.config.alertKeysSecret), toStored(row));
    expect(opened.aesKey.toString('hex')).toBe(keys.aes_key);
    expect(createPublicKey(opened.portalPrivateKey).export({ type: 'spki', format: 'pem' })).toBe(keys.portal_public_key);
    expect(() => openKeys(createSealer('another secret of at least 32 characters'), toStored(row))).toThrow();
    // A sealed value moved to another credential's row does not open there.
    expect(() => openKeys(createSealer(server.config.alertKeysSecret), { ...toStored(row), clientId: 'another-credential' })).toThrow();
  });
});

describe('edit', () => {
  it('saves a field only when it is valid and different from the stored value', async () => {
    const owner = await withCredential();
    const keys = await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    const before = (await rawRow(owner.credentialId))!;

    expect(await ok(await put(owner.cookie, owner.uid, { url: ` ${WEBHOOK} ` }))).toMatchObject({ changed: false, config: { url: WEBHOOK } });
    // The same key with other line breaks is the same key.
    const reflowed = customer.publicPem.replace(/\n(?!-----)/g, '\r\n');
    expect(await ok(await put(owner.cookie, owner.uid, { public_rsa_key: reflowed }))).toMatchObject({ changed: false });
    expect((await rawRow(owner.credentialId))!.updated_at).toBe(before.updated_at);

    await expectError(await put(owner.cookie, owner.uid, { url: 'http://alerts.customer.example/hook' }), 400, 'VALIDATION_ERROR', 'InvalidForwardAlertWebhook');
    await expectError(await put(owner.cookie, owner.uid, { public_rsa_key: customer.privatePem }), 400, 'VALIDATION_ERROR', 'InvalidRsaPublicKey');
    await expectError(await put(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }), 400, 'VALIDATION_ERROR');

    const next = 'https://alerts.customer.example/v2';
    expect(await ok(await put(owner.cookie, owner.uid, { url: next }))).toEqual({
      changed: true,
      config: { url: next, name: owner.name, group_public_key: customer.publicPem, companyId: null },
    });
    const other = rsaKeyPair();
    expect(await ok(await put(owner.cookie, owner.uid, { public_rsa_key: other.publicPem }))).toMatchObject({
      changed: true,
      config: { group_public_key: other.publicPem },
    });
    expect(await ok(await get(owner.cookie, owner.uid))).toMatchObject({ url: next, group_public_key: other.publicPem });
    // Editing the customer's key leaves the portal's keys alone.
    expect((await rawRow(owner.credentialId))!.portal_public_key).toBe(keys.portal_public_key);
  });

  it('answers 28 for an edit before setup', async () => {
    const owner = await withCredential();
    await expectError(await put(owner.cookie, owner.uid, { url: WEBHOOK }), 404, 28);
    await expectError(await put(owner.cookie, owner.uid, { overwrite_portal_keys: true }), 404, 28);
  });
});

describe('Acquire New Keys', () => {
  it('replaces the portal keys and the AES key; alerts made with the new keys do not open with the old ones', async () => {
    const owner = await withCredential();
    const old = await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    const renewed = await ok(await put(owner.cookie, owner.uid, { overwrite_portal_keys: true }));
    expect(renewed.config).toEqual({ url: WEBHOOK, name: owner.name, group_public_key: customer.publicPem, companyId: null });
    expect(renewed.aes_key).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed.aes_key).not.toBe(old.aes_key);
    expect(renewed.portal_public_key).not.toBe(old.portal_public_key);

    expect((await decryptWithExample(renewed.example, customer.privatePem, renewed.aes_key, renewed.portal_public_key)).code).toBe(0);
    // The old AES key no longer opens what the portal sends, and the old portal key no longer verifies it.
    expect((await decryptWithExample(renewed.example, customer.privatePem, old.aes_key, renewed.portal_public_key)).code).toBe(1);
    expect((await decryptWithExample(renewed.example, customer.privatePem, renewed.aes_key, old.portal_public_key)).code).toBe(1);
    const opened = openKeys(createSealer(server.config.alertKeysSecret), toStored((await rawRow(owner.credentialId))!));
    expect(opened.aesKey.toString('hex')).toBe(renewed.aes_key);
  });
});

describe('Clear Data and Stop Sending V3 Alerts', () => {
  it('clears the configuration for good, and it goes with its credential too', async () => {
    const owner = await withCredential();
    await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    expect(await ok(await remove(owner.cookie, owner.uid))).toBeUndefined();
    await expectError(await get(owner.cookie, owner.uid), 404, 28);
    await expectError(await remove(owner.cookie, owner.uid), 404, 28);
    expect(await rawRow(owner.credentialId)).toBeUndefined();

    await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    expect(await rawRow(owner.credentialId)).toBeDefined();
    await ok(await call('DELETE', `client_credentials/${owner.credentialId}`, owner.cookie));
    expect(await rawRow(owner.credentialId)).toBeUndefined();
  });

  it("removes the account's company id, after which the configuration shows none", async () => {
    const owner = await withCredential({ companyId: 'ACME-7' });
    await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    expect((await ok(await get(owner.cookie, owner.uid))).companyId).toBe('ACME-7');
    await expectError(await stopV3(owner.cookie, { remove_company_id: false }), 400, 'VALIDATION_ERROR');
    await expectError(await stopV3(owner.cookie, {}), 400, 'VALIDATION_ERROR');
    expect((await ok(await get(owner.cookie, owner.uid))).companyId).toBe('ACME-7');

    expect(await (await stopV3(owner.cookie, { remove_company_id: true })).json()).toEqual({ success: true });
    expect((await ok(await get(owner.cookie, owner.uid))).companyId).toBeNull();
    const group = await server.db.selectFrom('groups').select('company_id').where('id', '=', owner.user.groupId).executeTakeFirst();
    expect(group?.company_id).toBeNull();
    // Other accounts keep theirs.
    const other = await withCredential({ companyId: 'ACME-8' });
    await ok(await post(other.cookie, other.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    expect((await ok(await get(other.cookie, other.uid))).companyId).toBe('ACME-8');
  });
});

function toStored(row: NonNullable<Awaited<ReturnType<typeof rawRow>>>) {
  return {
    clientId: row.client_id,
    url: row.url,
    groupPublicKey: row.group_public_key,
    portalPublicKey: row.portal_public_key,
    portalPrivateKeySealed: row.portal_private_key_sealed,
    aesKeySealed: row.aes_key_sealed,
  };
}
