import { describe, expect, it } from 'vitest';
import { openKeys } from '#server/modules/alert-forwarding/alert-forwarding.service.ts';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import {
  call,
  customer,
  decryptWithExample,
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

/** The alert forwarding API after setup: edits, Acquire New Keys, Clear Data and Stop Sending V3 Alerts. */
setupAlertForwardingServer();

describe('edit', () => {
  it('saves a field only when it is valid and different from the stored value', async () => {
    const owner = await withCredential();
    const keys = await ok(await post(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    const before = (await rawRow(owner.credentialId))!;

    expect(await ok(await put(owner.cookie, owner.uid, { url: ` ${WEBHOOK} ` }))).toMatchObject({
      changed: false,
      config: { url: WEBHOOK },
    });
    // The same key with other line breaks is the same key.
    const reflowed = customer.publicPem.replace(/\n(?!-----)/g, '\r\n');
    expect(await ok(await put(owner.cookie, owner.uid, { public_rsa_key: reflowed }))).toMatchObject({
      changed: false,
    });
    expect((await rawRow(owner.credentialId))!.updated_at).toBe(before.updated_at);

    await expectError(
      await put(owner.cookie, owner.uid, { url: 'http://alerts.customer.example/hook' }),
      400,
      'VALIDATION_ERROR',
      'InvalidForwardAlertWebhook',
    );
    await expectError(
      await put(owner.cookie, owner.uid, { public_rsa_key: customer.privatePem }),
      400,
      'VALIDATION_ERROR',
      'InvalidRsaPublicKey',
    );
    await expectError(
      await put(owner.cookie, owner.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }),
      400,
      'VALIDATION_ERROR',
    );

    const next = 'https://alerts.customer.example/v2';
    expect(await ok(await put(owner.cookie, owner.uid, { url: next }))).toEqual({
      changed: true,
      config: {
        url: next,
        name: owner.name,
        group_public_key: customer.publicPem,
        companyId: null,
        portal_public_key: keys.portal_public_key,
      },
    });
    const other = rsaKeyPair();
    expect(await ok(await put(owner.cookie, owner.uid, { public_rsa_key: other.publicPem }))).toMatchObject({
      changed: true,
      config: { group_public_key: other.publicPem },
    });
    expect(await ok(await get(owner.cookie, owner.uid))).toMatchObject({
      url: next,
      group_public_key: other.publicPem,
    });
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
    // The configuration the page shows from now on names the new portal key.
    expect(renewed.config).toEqual({
      url: WEBHOOK,
      name: owner.name,
      group_public_key: customer.publicPem,
      companyId: null,
      portal_public_key: renewed.portal_public_key,
    });
    expect((await ok(await get(owner.cookie, owner.uid))).portal_public_key).toBe(renewed.portal_public_key);
    expect(renewed.aes_key).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed.aes_key).not.toBe(old.aes_key);
    expect(renewed.portal_public_key).not.toBe(old.portal_public_key);

    expect(
      (await decryptWithExample(renewed.example, customer.privatePem, renewed.aes_key, renewed.portal_public_key)).code,
    ).toBe(0);
    // The old AES key no longer opens what the portal sends, and the old portal key no longer verifies it.
    expect(
      (await decryptWithExample(renewed.example, customer.privatePem, old.aes_key, renewed.portal_public_key)).code,
    ).toBe(1);
    expect(
      (await decryptWithExample(renewed.example, customer.privatePem, renewed.aes_key, old.portal_public_key)).code,
    ).toBe(1);
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
    const group = await server.db
      .selectFrom('groups')
      .select('company_id')
      .where('id', '=', owner.user.groupId)
      .executeTakeFirst();
    expect(group?.company_id).toBeNull();
    // Other accounts keep theirs.
    const other = await withCredential({ companyId: 'ACME-8' });
    await ok(await post(other.cookie, other.uid, { url: WEBHOOK, public_rsa_key: customer.publicPem }));
    expect((await ok(await get(other.cookie, other.uid))).companyId).toBe('ACME-8');
  });
});
