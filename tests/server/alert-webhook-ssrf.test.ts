import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import { refusedAddress } from '#server/modules/alerts/address-policy.ts';
import { ingestAlert } from '#server/modules/alerts/alerts.service.ts';
import { startAlertDeliveryWorker } from '#server/modules/alerts/delivery.worker.ts';
import { createServiceClient } from '#server/modules/alerts/service-clients.service.ts';
import { createWebhookSender, MAX_RESPONSE_BYTES, type Resolve } from '#server/modules/alerts/webhook-sender.ts';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  type Receiver,
  startAlertServer,
  startReceiver,
} from './helpers/alert-delivery.ts';

// Outbound calls go only to public addresses, checked on the address actually connected to (docs/architecture.md
// §5.1). Every refusal here happens before any connection: the only traffic these tests make is to 127.0.0.1.

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const call = (url: string) => ({ url, body: '{"version":4}', headers: { 'content-type': 'application/json' } });
const resolveTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const production = (resolve?: Resolve) => createWebhookSender({ timeoutMs: 2000, allowLoopback: false, resolve });

const CLASSES: Array<[string, string]> = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.1.2.3'],
  ['private 10/8', '10.0.0.1'],
  ['private 172.16/12', '172.16.5.4'],
  ['private 192.168/16', '192.168.1.1'],
  ['link-local', '169.254.10.10'],
  ['cloud metadata', '169.254.169.254'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['multicast', '224.0.0.251'],
  ['broadcast', '255.255.255.255'],
  ['unspecified', '0.0.0.0'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique local', 'fd12:3456::1'],
  ['IPv6 cloud metadata', 'fd00:ec2::254'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ['NAT64 of loopback', '64:ff9b::7f00:1'],
  ['6to4 of private', '2002:c0a8:101::1'],
];

describe('the address policy', () => {
  it.each(CLASSES)('refuses %s (%s)', (_label, address) => {
    expect(refusedAddress(address, { allowLoopback: false })).toMatch(/refused$/);
  });

  it('lets public addresses through, and loopback only when tests allow it (never its mapped forms)', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(refusedAddress(address, { allowLoopback: false })).toBeNull();
    }
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', { allowLoopback: true })).toMatch(/IPv4-mapped/);
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).toMatch(/private/);
  });
});

describe('the sender', () => {
  it.each(CLASSES)('refuses a webhook at the IP literal of %s', async (_label, address) => {
    const host = address.includes(':') ? `[${address}]` : address;
    const result = await production()(call(`https://${host}:${receiver.port}/hook`));
    expect(result).toMatchObject({ answered: false, failure: 'refused_address' });
  });

  it.each(CLASSES)('refuses a public-looking name that resolves to %s', async (_label, address) => {
    const result = await production(resolveTo(address))(call('https://alerts.customer.example/hook'));
    expect(result).toMatchObject({
      answered: false,
      failure: 'refused_address',
      error: expect.stringContaining(address),
    });
  });

  it('refuses a name resolving to 127.0.0.1 through the system resolver when loopback is not allowed', async () => {
    const before = receiver.received.length;
    const result = await production()(call(`https://localhost:${receiver.port}/hook`));
    expect(result).toMatchObject({ answered: false, failure: 'refused_address' });
    expect(receiver.received).toHaveLength(before);
  });

  it('refuses a name when any of its addresses is inward, even beside a public one', async () => {
    const result = await production(resolveTo('93.184.216.34', '10.1.2.3'))(call('https://mixed.example/hook'));
    expect(result).toMatchObject({ failure: 'refused_address', error: expect.stringContaining('10.1.2.3') });
  });

  it('resolves at every delivery and connects to the address it checked, keeping the Host', async () => {
    let answer = '127.0.0.1';
    const send = createWebhookSender({
      timeoutMs: 2000,
      allowLoopback: true,
      resolve: async () => [{ address: answer, family: 4 }],
    });
    const before = receiver.received.length;
    const first = await send(call(`http://webhook.customer.example:${receiver.port}/hook`));
    expect(first).toMatchObject({ answered: true, status: 200 });
    expect(receiver.received).toHaveLength(before + 1);
    expect(receiver.received.at(-1)!.headers.host).toBe(`webhook.customer.example:${receiver.port}`);
    // The same name now points inward (DNS rebinding): refused at this delivery, before any connection.
    answer = '169.254.169.254';
    const second = await send(call(`http://webhook.customer.example:${receiver.port}/hook`));
    expect(second).toMatchObject({ failure: 'refused_address', error: expect.stringContaining('169.254.169.254') });
    expect(receiver.received).toHaveLength(before + 1);
  });

  it('keeps plain http for loopback test receivers only', async () => {
    const send = createWebhookSender({ timeoutMs: 2000, allowLoopback: true, resolve: resolveTo('93.184.216.34') });
    expect(await send(call('http://public.example/hook'))).toMatchObject({ failure: 'refused_address' });
    expect(await production()(call(`http://127.0.0.1:${receiver.port}/hook`))).toMatchObject({ failure: 'bad_url' });
    expect(await production()(call('https://user:pw@alerts.example/hook'))).toMatchObject({ failure: 'bad_url' });
    expect(await production()(call('ftp://alerts.example/hook'))).toMatchObject({ failure: 'bad_url' });
  });

  it('reads at most 4 KB of an answer, so an endless body ends the call at once', async () => {
    const endless: Server = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'.repeat(1024)), 5);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((done) => endless.listen(0, '127.0.0.1', done));
    const { port } = endless.address() as { port: number };
    const send = createWebhookSender({ timeoutMs: 5000, allowLoopback: true });
    const started = Date.now();
    const result = await send(call(`http://127.0.0.1:${port}/hook`));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ answered: true, status: 500, excerpt: 'x'.repeat(200) });
    expect(MAX_RESPONSE_BYTES).toBe(4096);
    endless.closeAllConnections();
    await new Promise((done) => endless.close(done));
  });

  it('names a timeout, a refused connection and a name that does not resolve', async () => {
    const hanging = await startReceiver();
    hanging.script('hang');
    const quick = createWebhookSender({ timeoutMs: 300, allowLoopback: true });
    expect(await quick(call(hanging.url))).toMatchObject({ failure: 'timeout', error: 'no answer within 300 ms' });
    await hanging.close();
    expect(await quick(call(hanging.url))).toMatchObject({
      failure: 'connection',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    const nowhere: Resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect(await production(nowhere)(call('https://nowhere.example/hook'))).toMatchObject({ failure: 'dns' });
  });
});

describe('the worker with production’s rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000' });
  });
  afterAll(() => server.close());

  it('records a webhook whose name resolves to loopback as a refusal, and the receiver never hears', async () => {
    const account = await accountWithForwarding(server, [receiver.url]);
    // Saved while tests allowed loopback; production's worker then meets it.
    await server.db
      .updateTable('alert_forwarding_configs')
      .set({ url: `https://localhost:${receiver.port}/hook` })
      .where('client_id', '=', account.configs[0].credentialId)
      .execute();
    const sealer = createSealer(server.config.alertKeysSecret);
    const { client } = await createServiceClient(server.db, { name: 'Backend' });
    const { answer } = await ingestAlert(server.db, sealer, {
      sourceClientId: client.id,
      body: alertBody(account.user.id),
    });
    const worker = startAlertDeliveryWorker({
      db: server.db,
      config: { ...server.config.alertDelivery, allowLoopback: false },
      sealer,
      log: { info: () => undefined, warn: () => undefined },
      poll: false,
    });
    const before = receiver.received.length;
    await worker.runOnce();
    await worker.stop();
    const row = await server.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('alert_id', '=', answer.alert_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', refusals: 1, last_http_status: null });
    expect(row.last_error).toMatch(/^(127\.0\.0\.1|::1): loopback address, refused$/);
    expect(receiver.received).toHaveLength(before);
  });
});
