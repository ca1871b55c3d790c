import { constants, createDecipheriv, hkdfSync, privateDecrypt, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  customer,
  type ForwardingKeys,
  ingest,
  openedAlertBody,
  type Receiver,
  serviceToken,
  startAlertServer,
  startReceiver,
  until,
} from './helpers/alert-delivery.ts';

// A receiver written from docs/api/alert-forwarding.md alone ("Reading an alert", "Version 3"), with node:crypto and
// none of the portal's code or its downloadable example: if the page and the wire ever part, an integrator following
// the page is the one who finds out, so this test does first.

let server: TestServer;
let receiver: Receiver;
let token: string;

beforeAll(async () => {
  server = await startAlertServer();
  receiver = await startReceiver();
  token = await serviceToken(server);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

type Envelope = Record<string, string | number>;

/** Steps 1 to 4 of "Reading an alert", word for word. */
function openAsDocumented(envelope: Envelope, keys: ForwardingKeys): Record<string, unknown> {
  const { version, encrypted_seed, iv, ciphertext, tag, signature } = envelope as Record<string, string>;
  const fields =
    Number(version) === 3
      ? [envelope.company_id, encrypted_seed, iv, ciphertext, tag]
      : [encrypted_seed, iv, ciphertext, tag];
  const signed = Buffer.from(`v${version}.${fields.join('.')}`, 'utf8');
  const pss = { key: keys.portalPublicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };
  if (!verify('sha256', signed, pss, Buffer.from(signature!, 'base64'))) throw new Error('signature does not verify');
  const seed = privateDecrypt(
    { key: customer.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(encrypted_seed!, 'base64'),
  );
  const info = `portal alert v${version}`;
  const contentKey = Buffer.from(hkdfSync('sha256', Buffer.from(keys.aesKey, 'hex'), seed, info, 32));
  const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(iv!, 'base64'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(ciphertext!, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text);
}

describe('a delivered alert, read as the documentation says', () => {
  it('version 4 and its version 3 twin open to the documented alert, with the documented headers', async () => {
    const account = await accountWithForwarding(server, [receiver.url], { companyId: 'ACME-42' });
    const [config] = account.configs;
    const ping = receiver.pings.at(-1)!;
    expect(ping.headers['x-portal-event']).toBe('ping');
    expect(openAsDocumented(ping.body, config!)).toMatchObject({ version: 4, type: 'ping', test: true });

    const handedIn = await ingest(server, token, alertBody(account.user.id));
    const { alert_id } = (await handedIn.json()).data;
    const posts = await until(() => {
      const mine = receiver.received.filter((post) => openAsDocumented(post.body, config!).alert_id === alert_id);
      return mine.length === 2 ? mine : undefined;
    });
    for (const post of posts) {
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers['x-portal-event']).toBe('alert');
      expect(post.headers['x-portal-delivery-id']).toBeTruthy();
      expect(Object.keys(post.body).sort()).toEqual(
        post.body.version === 3
          ? ['ciphertext', 'company_id', 'encrypted_seed', 'iv', 'signature', 'tag', 'version']
          : ['ciphertext', 'encrypted_seed', 'iv', 'signature', 'tag', 'version'],
      );
      const alert = openAsDocumented(post.body, config!);
      const { version: _version, ...v4 } = openedAlertBody(alert_id, config!.uid);
      expect(alert).toEqual(
        post.body.version === 3 ? { ...v4, version: 3, company_id: 'ACME-42' } : { ...v4, version: 4 },
      );
      // The replay window's fields: sealed just now.
      expect(Math.abs(Date.now() - Date.parse(alert.issued_at as string))).toBeLessThan(60_000);
    }
  });
});
