import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '#server/modules/alert-forwarding/key-sealing.ts';
import {
  enqueuePing,
  enqueueTestAlert,
  getDelivery,
  listDeliveries,
  redeliver,
} from '#server/modules/alerts/alerts.service.ts';
import { CLOCK_SKEW_SECONDS, REPLAY_WINDOW_SECONDS } from '#shared-domain/alert-delivery.ts';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  api,
  DECRYPT_EXAMPLE,
  type DecryptExample,
  decryptExample,
  deliveriesOf,
  ingest,
  keysOf,
  openedAlertBody,
  type Receiver,
  serviceToken,
  startAlertServer,
  startReceiver,
  until,
} from './helpers/alert-delivery.ts';

// Alerts handed in reach every alert forwarding configuration of the account, sealed and signed as
// docs/api/alert-forwarding.md says, and a receiver opens them with the decryption example customers download.

let server: TestServer;
let token: string;
let example: DecryptExample;
let workDir: string;
const receivers: Receiver[] = [];

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  server = await startAlertServer();
  token = await serviceToken(server);
  example = await decryptExample();
  workDir = mkdtempSync(join(tmpdir(), 'alert-delivery-'));
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((r) => r.close()));
  rmSync(workDir, { recursive: true, force: true });
});

async function handIn(userId: string, overrides: Record<string, unknown> = {}) {
  const response = await ingest(server, token, alertBody(userId, overrides));
  expect(response.status, await response.clone().text()).toBe(202);
  return (await response.json()).data as { alert_id: string; deliveries: number };
}

describe('fan-out', () => {
  it('delivers one alert to each of the account’s configurations, each sealed for its own keys', async () => {
    const [a, b] = [await receiver(), await receiver()];
    const account = await accountWithForwarding(server, [a.url, b.url]);
    const before = Date.now();
    const { alert_id, deliveries } = await handIn(account.user.id);
    expect(deliveries).toBe(2);
    await until(() => a.received.length === 1 && b.received.length === 1);

    for (const [index, r] of [a, b].entries()) {
      const config = account.configs[index];
      const [post] = r.received;
      expect(post.headers['content-type']).toBe('application/json');
      expect(Object.keys(post.body).sort()).toEqual([
        'ciphertext',
        'encrypted_seed',
        'iv',
        'signature',
        'tag',
        'version',
      ]);
      const seen = new Set<string>();
      const alert = example.decryptAlert(post.body, keysOf(config), { seen });
      expect(alert).toEqual(openedAlertBody(alert_id, config.uid));
      const issuedAt = Date.parse(alert.issued_at);
      expect(issuedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(issuedAt).toBeLessThanOrEqual(Date.now());
      // The same envelope a second time is a replay; so is it once the window has passed.
      expect(() => example.decryptAlert(post.body, keysOf(config), { seen })).toThrow(/accepted before/);
      expect(() =>
        example.decryptAlert(post.body, keysOf(config), { now: issuedAt + (example.REPLAY_WINDOW_SECONDS + 1) * 1000 }),
      ).toThrow(/replay window/);
      expect(() => example.decryptAlert(post.body, keysOf(config), { now: issuedAt - 120_000 })).toThrow(/ahead/);
      // Another configuration's keys open nothing.
      expect(() => example.decryptAlert(post.body, keysOf(account.configs[1 - index]))).toThrow();
    }

    // The worker records the answer just after the receiver gave it.
    const rows = await until(async () => {
      const found = await deliveriesOf(server, alert_id);
      return found.every((r) => r.status !== 'pending') ? found : undefined;
    });
    expect(rows.map((r) => [r.version, r.status, r.attempts, r.lease_until])).toEqual([
      [4, 'delivered', 1, null],
      [4, 'delivered', 1, null],
    ]);
    const headerIds = [a, b].map((r) => r.received[0].headers['x-portal-delivery-id']).sort();
    expect(headerIds).toEqual(rows.map((r) => r.id).sort());
  });

  it('the example’s replay window is the one the portal documents and shares', () => {
    expect([example.REPLAY_WINDOW_SECONDS, example.CLOCK_SKEW_SECONDS]).toEqual([
      REPLAY_WINDOW_SECONDS,
      CLOCK_SKEW_SECONDS,
    ]);
  });

  it('the downloadable example, run as a program, checks the replay window and remembers ids', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    await handIn(account.user.id);
    await until(() => hook.received.length === 1);
    const [config] = account.configs;
    writeFileSync(join(workDir, 'alert.json'), JSON.stringify(hook.received[0].body));
    writeFileSync(join(workDir, 'private.pem'), keysOf(config).privateKeyPem);
    writeFileSync(join(workDir, 'portal.pem'), config.portalPublicKey);
    const run = async (...extra: string[]) => {
      const args = [
        DECRYPT_EXAMPLE,
        join(workDir, 'alert.json'),
        join(workDir, 'private.pem'),
        config.aesKey,
        join(workDir, 'portal.pem'),
        ...extra,
      ];
      try {
        const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 20_000 });
        return { code: 0, stdout, stderr: '' };
      } catch (err) {
        const e = err as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    };
    const seenFile = join(workDir, 'seen.txt');
    const first = await run('--seen-ids', seenFile);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ version: 4, type: 'fall_detected', client_uid: config.uid });
    const again = await run('--seen-ids', seenFile);
    expect([again.code, again.stdout, again.stderr]).toEqual([1, '', expect.stringMatching(/^rejected \(replayed\)/)]);
    await new Promise((r) => setTimeout(r, 1100));
    const late = await run('--max-age-seconds', '1');
    expect([late.code, late.stderr]).toEqual([1, expect.stringMatching(/^rejected \(too_old\)/)]);
  });

  it('queues nothing for an account without alert forwarding, and answers so', async () => {
    const account = await accountWithForwarding(server, []);
    expect(await handIn(account.user.id)).toMatchObject({ deliveries: 0 });
  });

  it('an alert about a secondary user goes to the forwarding of that user’s account', async () => {
    const hook = await receiver();
    const account = await accountWithForwarding(server, [hook.url]);
    const { createUser } = await import('#tests/support/server.ts');
    const member = await createUser(server, { email: 'member-of-forwarder@example.com', groupOfEmail: account.email });
    const { alert_id } = await handIn(member.id);
    await until(() => hook.received.length === 1);
    expect(example.decryptAlert(hook.received[0].body, keysOf(account.configs[0])).alert_id).toBe(alert_id);
  });
});

describe('versions 3 and 4', () => {
  it('an account with a company id gets both, to each configuration; after Stop Sending V3 Alerts only version 4', async () => {
    const [a, b] = [await receiver(), await receiver()];
    const account = await accountWithForwarding(server, [a.url, b.url], { companyId: 'ACME-42' });
    const { alert_id, deliveries } = await handIn(account.user.id);
    expect(deliveries).toBe(4);
    await until(() => a.received.length === 2 && b.received.length === 2);
    for (const [index, r] of [a, b].entries()) {
      const byVersion = new Map(r.received.map((p) => [p.body.version, p.body]));
      expect([...byVersion.keys()].sort()).toEqual([3, 4]);
      const v3 = byVersion.get(3);
      expect(v3.company_id).toBe('ACME-42');
      const opened = example.decryptAlert(v3, keysOf(account.configs[index]));
      expect(opened).toMatchObject({ version: 3, company_id: 'ACME-42', alert_id, type: 'fall_detected' });
      expect(example.decryptAlert(byVersion.get(4), keysOf(account.configs[index]))).toMatchObject({
        version: 4,
        alert_id,
      });
      // The company id is signed: moved to another company, the envelope no longer verifies.
      expect(() => example.decryptAlert({ ...v3, company_id: 'OTHER-1' }, keysOf(account.configs[index]))).toThrow(
        /signature/,
      );
    }

    await api(server, account.cookie, 'PUT', '/api/alert_forwarding_config', { remove_company_id: true });
    const after = await handIn(account.user.id);
    expect(after.deliveries).toBe(2);
    await until(() => a.received.length === 3 && b.received.length === 3);
    expect([a.received[2].body.version, b.received[2].body.version]).toEqual([4, 4]);
  });

  it('Stop Sending V3 Alerts cancels the version 3 deliveries still waiting for a retry', async () => {
    const hook = await receiver();
    hook.script({ status: 503 }, { status: 503 });
    const account = await accountWithForwarding(server, [hook.url], { companyId: 'ACME-43' });
    const { alert_id } = await handIn(account.user.id);
    await until(async () =>
      (await deliveriesOf(server, alert_id)).every((d) => d.attempts === 1 && d.lease_until === null),
    );
    await api(server, account.cookie, 'PUT', '/api/alert_forwarding_config', { remove_company_id: true });
    const rows = await deliveriesOf(server, alert_id);
    expect(rows.map((r) => [r.version, r.status])).toEqual([
      [4, 'pending'],
      [3, 'cancelled'],
    ]);
  });
});

describe('the delivery log and what the page will do', () => {
  it('lists a configuration’s deliveries with every attempt, newest first', async () => {
    const hook = await receiver();
    hook.script({ status: 500, body: 'database down' });
    const account = await accountWithForwarding(server, [hook.url]);
    const { alert_id } = await handIn(account.user.id, { type: 'camera_offline', severity: 'medium' });
    await until(async () => (await deliveriesOf(server, alert_id))[0]?.attempts === 1);
    const [config] = account.configs;
    const ref = { groupId: account.user.groupId, clientUid: config.uid };
    const [entry] = await until(async () => {
      const log = await listDeliveries(server.db, ref);
      return log[0]?.attempt_log[0]?.outcome === 'retry' ? log : undefined;
    });
    expect(entry).toMatchObject({
      alert_id,
      kind: 'alert',
      type: 'camera_offline',
      severity: 'medium',
      version: 4,
      status: 'pending',
      attempts: 1,
      last_http_status: 500,
      last_error: 'HTTP 500: database down',
      redelivery_of: null,
    });
    expect(entry.next_attempt_at).toBeGreaterThan(Date.now());
    expect(entry.attempt_log).toEqual([
      {
        attempt: 1,
        started_at: expect.any(Number),
        outcome: 'retry',
        latency_ms: expect.any(Number),
        http_status: 500,
        error: 'HTTP 500: database down',
        failure: null,
        next_attempt_at: entry.next_attempt_at,
      },
    ]);

    // Redeliver while it waits: it is due now, no second copy.
    const again = await redeliver(server.db, { groupId: account.user.groupId, deliveryId: entry.id });
    expect(again.id).toBe(entry.id);
    server.app.alertDelivery.wake();
    await until(
      async () =>
        (await getDelivery(server.db, { groupId: account.user.groupId, deliveryId: entry.id })).status === 'delivered',
    );
    expect(hook.received).toHaveLength(2);

    // Redeliver once it ended: a new delivery of the same alert, with its own attempts.
    const copy = await redeliver(server.db, { groupId: account.user.groupId, deliveryId: entry.id });
    expect(copy).toMatchObject({ alert_id, status: 'pending', attempts: 0, redelivery_of: entry.id, attempt_log: [] });
    server.app.alertDelivery.wake();
    await until(() => hook.received.length === 3);
    expect(example.decryptAlert(hook.received[2].body, keysOf(config)).alert_id).toBe(alert_id);
    const log = await until(async () => {
      const l = await listDeliveries(server.db, ref);
      return l[0]?.status === 'delivered' ? l : undefined;
    });
    // The setup's ping is the oldest line.
    expect(log.map((d) => [d.id, d.status])).toEqual([
      [copy.id, 'delivered'],
      [entry.id, 'delivered'],
      [expect.any(String), 'delivered'],
    ]);
    expect(log[2].kind).toBe('ping');
  });

  it('sends a test alert and a ping to one configuration, each marked test', async () => {
    const [hook, other] = [await receiver(), await receiver()];
    const account = await accountWithForwarding(server, [hook.url, other.url]);
    const sealer = createSealer(server.config.alertKeysSecret);
    const ref = { groupId: account.user.groupId, clientUid: account.configs[0].uid };
    const test = await enqueueTestAlert(server.db, sealer, ref);
    const ping = await enqueuePing(server.db, sealer, ref);
    expect([test.kind, test.status, ping.kind, ping.type]).toEqual(['test', 'pending', 'ping', 'ping']);
    server.app.alertDelivery.wake();
    // The receiver keeps pings apart (X-Portal-Event: ping): the setup's and this one.
    await until(() => hook.received.length === 1 && hook.pings.length === 2);
    const opened = [...hook.received, ...hook.pings].map((p) =>
      example.decryptAlert(p.body, keysOf(account.configs[0])),
    );
    const byId = new Map(opened.map((a) => [a.alert_id, a]));
    expect(byId.get(test.alert_id)).toMatchObject({
      test: true,
      type: 'fall_detected',
      camera: { name: 'Test camera' },
    });
    expect(byId.get(ping.alert_id)).toEqual({
      version: 4,
      alert_id: ping.alert_id,
      issued_at: expect.any(String),
      test: true,
      client_uid: account.configs[0].uid,
      type: 'ping',
    });
    expect(other.received).toHaveLength(0);
  });

  it('answers another account’s configuration and delivery like unknown ones', async () => {
    const hook = await receiver();
    const owner = await accountWithForwarding(server, [hook.url]);
    const stranger = await accountWithForwarding(server, []);
    const sealer = createSealer(server.config.alertKeysSecret);
    const mine = { groupId: owner.user.groupId, clientUid: owner.configs[0].uid };
    const theirs = { groupId: stranger.user.groupId, clientUid: owner.configs[0].uid };
    await expect(listDeliveries(server.db, theirs)).rejects.toMatchObject({ name: 'ClientNotFound' });
    await expect(enqueuePing(server.db, sealer, theirs)).rejects.toMatchObject({ name: 'ClientNotFound' });
    const ping = await enqueuePing(server.db, sealer, mine);
    await expect(getDelivery(server.db, { groupId: stranger.user.groupId, deliveryId: ping.id })).rejects.toMatchObject(
      { name: 'AlertDeliveryNotFound' },
    );
    await expect(redeliver(server.db, { groupId: stranger.user.groupId, deliveryId: ping.id })).rejects.toMatchObject({
      name: 'AlertDeliveryNotFound',
    });
  });

  it('Clear Data takes the configuration’s deliveries with it', async () => {
    const hook = await receiver();
    hook.script({ status: 503 });
    const account = await accountWithForwarding(server, [hook.url]);
    const { alert_id } = await handIn(account.user.id);
    await until(async () => (await deliveriesOf(server, alert_id))[0]?.attempts === 1);
    await api(server, account.cookie, 'DELETE', `/api/alert_forwarding_config/${account.configs[0].uid}`);
    expect(await deliveriesOf(server, alert_id)).toEqual([]);
  });
});
