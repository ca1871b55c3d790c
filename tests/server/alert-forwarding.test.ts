import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openKeys } from '#server/modules/alert-forwarding/alert-forwarding.service.ts';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import {
  configPath,
  customer,
  decryptWithExample,
  developer,
  expectError,
  get,
  ok,
  post,
  put,
  rawRow,
  remove,
  rsaKeyPair,
  server,
  setupAlertForwardingServer,
  stopV3,
  toStored,
  WEBHOOK,
  withCredential,
} from './helpers/alert-forwarding.ts';

/**
 * The alert forwarding API (product.md §7) over real HTTP, on SQLite or PostgreSQL (DATABASE_URL): who may, and setup.
 */
setupAlertForwardingServer();

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
      await expectError(
        await post(stranger.cookie, uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }),
        404,
        'NOT_FOUND',
      );
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
      config: { ...config, portal_public_key: expect.any(String) },
    });
    expect(keys.config.portal_public_key).toBe(keys.portal_public_key);
    const portalKey = createPublicKey(keys.portal_public_key);
    expect([portalKey.asymmetricKeyType, portalKey.asymmetricKeyDetails?.modulusLength]).toEqual(['rsa', 2048]);

    const read = await decryptWithExample(keys.example, customer.privatePem, keys.aes_key, keys.portal_public_key);
    expect(read.code).toBe(0);
    expect(read.alert).toMatchObject({ version: 4, example: true, type: 'fall_detected', client_uid: owner.uid });

    // Tampering, or the wrong private key, is rejected by the same example.
    const tampered = { ...keys.example, ciphertext: Buffer.from('{"example":false}').toString('base64') };
    expect((await decryptWithExample(tampered, customer.privatePem, keys.aes_key, keys.portal_public_key)).code).toBe(
      1,
    );
    expect(
      (await decryptWithExample(keys.example, rsaKeyPair().privatePem, keys.aes_key, keys.portal_public_key)).code,
    ).toBe(1);

    // The portal's public key verifies every alert, so it is public: every answer with the configuration names it.
    expect(await ok(await get(owner.cookie, owner.uid))).toEqual({
      ...config,
      portal_public_key: keys.portal_public_key,
    });
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
    expect(openKeys(createSealer(server.config.alertKeysSecret), toStored(stored!)).aesKey.toString('hex')).toBe(
      first.aes_key,
    );
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
    await expectError(
      await post(owner.cookie, owner.uid, { url, public_rsa_key: customer.publicPem }),
      400,
      'VALIDATION_ERROR',
      'InvalidForwardAlertWebhook',
    );
    await expectError(await get(owner.cookie, owner.uid), 404, 28);
  });

  it('refuses a key that is not a 2048-bit RSA public key in PEM (InvalidRsaPublicKey)', async () => {
    const owner = await withCredential();
    const rsa1024 = rsaKeyPair(1024);
    const rsa3072 = rsaKeyPair(3072);
    const pkcs1 = createPublicKey(customer.publicPem).export({ type: 'pkcs1', format: 'pem' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const body = customer.publicPem.split('-----')[2];
    const garbage = `-----BEGIN PUBLIC KEY-----${body.replace(/[A-Za-z]/g, 'A')}-----END PUBLIC KEY-----\n`;
    for (const key of [
      rsa1024.publicPem,
      rsa3072.publicPem,
      customer.privatePem,
      pkcs1,
      ec,
      garbage,
      'not a key',
      '',
    ]) {
      await expectError(
        await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: key }),
        400,
        'VALIDATION_ERROR',
        'InvalidRsaPublicKey',
      );
    }
    await expectError(await get(owner.cookie, owner.uid), 404, 28);
    await expectError(
      await post(owner.cookie, owner.uid, { url: WEBHOOK }),
      400,
      'VALIDATION_ERROR',
      'ValidationError',
    );
    await expectError(
      await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem, extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
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
    expect(createPublicKey(opened.portalPrivateKey).export({ type: 'spki', format: 'pem' })).toBe(
      keys.portal_public_key,
    );
    expect(() => openKeys(createSealer('another secret of at least 32 characters'), toStored(row))).toThrow();
    // A sealed value moved to another credential's row does not open there.
    expect(() =>
      openKeys(createSealer(server.config.alertKeysSecret), { ...toStored(row), clientId: 'another-credential' }),
    ).toThrow();
  });
});
