import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { constants, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAlert, signingInput } from '#server/modules/alert-forwarding/alert-envelope.ts';
import { redeliver } from '#server/modules/alerts/alerts.service.ts';
import type { TestServer } from '#tests/support/server.ts';
import {
  accountWithForwarding,
  alertBody,
  customer,
  DECRYPT_EXAMPLE,
  deliveriesOf,
  type ForwardingKeys,
  ingest,
  openedAlertBody,
  serviceToken,
  startAlertServer,
  until,
} from './helpers/alert-delivery.ts';

// The receiver kit customers download from the configuration page, on real deliveries of the worker: the Node example
// run as a webhook (`--listen`) and the shell version with the OpenSSL command line on a saved delivery.

const SHELL_EXAMPLE = resolve('docs/api/alert-forwarding-decrypt.sh');

let server: TestServer;
let token: string;
let workDir: string;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startAlertServer();
  token = await serviceToken(server);
  workDir = mkdtempSync(join(tmpdir(), 'alert-receiver-kit-'));
});
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await server.close();
  rmSync(workDir, { recursive: true, force: true });
});

/** The key files a customer keeps beside the AES key, for one configuration. */
function keyFiles(config: Pick<ForwardingKeys, 'portalPublicKey'>, privatePem = customer.privatePem) {
  const dir = mkdtempSync(join(workDir, 'keys-'));
  writeFileSync(join(dir, 'private.pem'), privatePem);
  writeFileSync(join(dir, 'portal.pem'), config.portalPublicKey);
  return { privateKey: join(dir, 'private.pem'), portalKey: join(dir, 'portal.pem') };
}

interface KitReceiver {
  url: string;
  /** What it printed on stdout, one alert a line. */
  alerts: Array<Record<string, any>>;
  /** What it said on stderr. */
  log: string[];
  post(body: string): Promise<{ status: number; body: any }>;
}

/** `node alert-forwarding-decrypt.mjs --listen 0 …` as a customer would run it, in a child process of its own. */
async function startKitReceiver(config: ForwardingKeys, ...extra: string[]): Promise<KitReceiver> {
  const files = keyFiles(config);
  const child: ChildProcess = spawn(
    process.execPath,
    [DECRYPT_EXAMPLE, '--listen', '0', files.privateKey, config.aesKey, files.portalKey, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  stops.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill();
      await exited;
    }
  });
  const alerts: KitReceiver['alerts'] = [];
  const log: string[] = [];
  lines(child.stdout!, (line) => alerts.push(JSON.parse(line)));
  lines(child.stderr!, (line) => log.push(line));
  const url = await until(() => log.map((l) => /^listening on (http:\/\/\S+)$/.exec(l)?.[1]).find(Boolean));
  return {
    url,
    alerts,
    log,
    async post(body) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return { status: response.status, body: await response.json() };
    },
  };
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) if (line) onLine(line);
  });
}

interface Relay {
  url: string;
  /** Every body the portal posted, as it posted it (what a customer would save to try the shell version), and the answer. */
  passed: Array<{ body: string; status: number; answer: any }>;
  /** Where the relay passes requests on; until it is set, it answers 503 (the portal retries). */
  to: string | null;
}

/**
 * The webhook address of a configuration is set up before the receiver has the keys that setup answers, so the portal
 * posts to this relay, which passes each POST to the receiver unchanged and its answer back, like the https reverse
 * proxy a customer would put in front of it, and keeps the bodies.
 */
async function startRelay(): Promise<Relay> {
  const relay: Relay = { url: '', passed: [], to: null };
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!relay.to) {
        res.writeHead(503).end();
        return;
      }
      try {
        const answer = await fetch(relay.to, {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type']) },
          body,
        });
        const text = await answer.text();
        relay.passed.push({ body, status: answer.status, answer: JSON.parse(text) });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      } catch {
        // The receiver is gone (the file's end): the portal sees a bad gateway and retries.
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  relay.url = `http://127.0.0.1:${(http.address() as { port: number }).port}/hook`;
  stops.push(
    () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  );
  return relay;
}

/** An account whose one alert forwarding configuration posts to a kit receiver through a relay. */
async function accountWithKitReceiver(options: { companyId?: string } = {}) {
  const relay = await startRelay();
  const account = await accountWithForwarding(server, [relay.url], options);
  const [config] = account.configs;
  const receiver = await startKitReceiver(config);
  relay.to = receiver.url;
  return { account, config, relay, receiver };
}

async function handIn(userId: string) {
  const response = await ingest(server, token, alertBody(userId));
  expect(response.status, await response.clone().text()).toBe(202);
  return (await response.json()).data as { alert_id: string; deliveries: number };
}

/** The body the receiver accepted for this alert (pings of the setup may come through the relay too). */
async function bodyOf(relay: Relay, alertId: string): Promise<string> {
  return (await until(() => relay.passed.find((p) => p.answer.accepted === alertId))).body;
}

/** The delivery rows of an alert once the worker has recorded every answer. */
function settled(alertId: string) {
  return until(async () => {
    const rows = await deliveriesOf(server, alertId);
    return rows.length > 0 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
  });
}

/** Flips one base64 character of a field, keeping it valid base64 of the same length. */
function tamper(body: string, field: string): string {
  const envelope = JSON.parse(body);
  const value: string = envelope[field];
  const at = Math.floor(value.length / 3);
  envelope[field] = `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
  return JSON.stringify(envelope);
}

describe('the Node example as a webhook receiver (--listen)', () => {
  it('accepts and prints a real delivery, and the portal records its 200', async () => {
    const { account, config, receiver } = await accountWithKitReceiver();
    const { alert_id } = await handIn(account.user.id);
    const alert = await until(() => receiver.alerts.find((a) => a.alert_id === alert_id));
    expect(alert).toEqual(openedAlertBody(alert_id, config.uid));
    const [row] = await settled(alert_id);
    expect([row.status, row.last_http_status, row.attempts]).toEqual(['delivered', 200, 1]);
  });

  it('refuses the same body posted again, a changed one and an old one, and prints none of them', async () => {
    const { account, config, relay, receiver } = await accountWithKitReceiver();
    const { alert_id } = await handIn(account.user.id);
    const body = await bodyOf(relay, alert_id);
    const printed = receiver.alerts.length;

    // A captured request sent again: the portal never sends one envelope twice, so this is a replay.
    expect(await receiver.post(body)).toEqual({
      status: 409,
      body: { rejected: 'replayed', message: expect.any(String) },
    });
    expect(receiver.log).toContainEqual(expect.stringMatching(/^rejected \(replayed\)/));
    for (const field of ['ciphertext', 'tag', 'encrypted_seed', 'iv']) {
      expect(await receiver.post(tamper(body, field)), field).toMatchObject({
        status: 403,
        body: { rejected: 'forged' },
      });
    }
    expect(
      await receiver.post(JSON.stringify({ ...JSON.parse(body), version: 3, company_id: 'ACME-42' })),
    ).toMatchObject({ status: 403, body: { rejected: 'forged' } });
    expect(await receiver.post('not json')).toMatchObject({ status: 400, body: { rejected: 'malformed' } });
    expect(receiver.alerts).toHaveLength(printed);

    // Past the replay window the same body is too old, for a receiver that never saw it.
    const strict = await startKitReceiver(config, '--max-age-seconds', '1');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await strict.post(body)).toMatchObject({ status: 400, body: { rejected: 'too_old' } });
    expect(strict.alerts).toEqual([]);
  });

  it('answers a redelivery of an accepted alert with 200 without printing it again', async () => {
    const { account, receiver } = await accountWithKitReceiver();
    const { alert_id } = await handIn(account.user.id);
    await until(() => receiver.alerts.some((a) => a.alert_id === alert_id));
    const [first] = await settled(alert_id);
    const copy = await redeliver(server.db, { groupId: account.user.groupId, deliveryId: first.id });
    server.app.alertDelivery.wake();
    const rows = await until(async () => {
      const found = await deliveriesOf(server, alert_id);
      return found.find((r) => r.id === copy.id && r.status !== 'pending');
    });
    // Sealed afresh, so not a replay: the portal hears 200 and stops; the customer does not act twice.
    expect([rows.status, rows.last_http_status]).toEqual(['delivered', 200]);
    expect(receiver.alerts.filter((a) => a.alert_id === alert_id)).toHaveLength(1);
    expect(receiver.log).toContainEqual(expect.stringMatching(new RegExp(`^duplicate: alert ${alert_id}`)));
  });

  it('prints version 3 and 4 of an alert once: the second is the same alert id', async () => {
    const { account, receiver } = await accountWithKitReceiver({ companyId: 'ACME-42' });
    const { alert_id, deliveries } = await handIn(account.user.id);
    expect(deliveries).toBe(2);
    const rows = await settled(alert_id);
    expect(rows.map((r) => [r.version, r.status, r.last_http_status])).toEqual([
      [4, 'delivered', 200],
      [3, 'delivered', 200],
    ]);
    const printed = receiver.alerts.filter((a) => a.alert_id === alert_id);
    expect(printed).toHaveLength(1);
    expect([3, 4]).toContain(printed[0].version);
  });
});

/** Runs the shell version with sh, as the docs tell a customer to. */
async function runShell(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('sh', [SHELL_EXAMPLE, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      done({ code: err ? Number((err as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

function saved(body: string): string {
  const file = join(mkdtempSync(join(workDir, 'alert-')), 'alert.json');
  writeFileSync(file, body);
  return file;
}

describe('the shell version with the OpenSSL command line', () => {
  it('opens a saved real delivery, versions 4 and 3, to the alert the Node receiver printed', async () => {
    const { account, config, relay, receiver } = await accountWithKitReceiver({ companyId: 'ACME-42' });
    const { alert_id } = await handIn(account.user.id);
    await settled(alert_id);
    const files = keyFiles(config);
    // Both were answered 200: one accepted, its twin a duplicate of the same alert id.
    const bodies = relay.passed.filter((p) => p.status === 200).map((p) => p.body);
    const opened = [];
    for (const body of bodies) {
      const run = await runShell([saved(body), files.privateKey, config.aesKey, files.portalKey]);
      expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
      opened.push(JSON.parse(run.stdout));
    }
    const mine = opened.filter((a) => a.alert_id === alert_id);
    expect(mine.map((a) => a.version).sort()).toEqual([3, 4]);
    const [printed] = receiver.alerts.filter((a) => a.alert_id === alert_id);
    const same = mine.find((a) => a.version === printed.version);
    expect(same).toEqual(printed);
    expect(mine.find((a) => a.version === 3)).toMatchObject({ company_id: 'ACME-42', type: 'fall_detected' });
  });

  // Eleven runs of the shell version, each a handful of openssl processes: slow on a busy machine.
  it('refuses a changed delivery, a replayed id, an old alert and wrong keys, printing nothing', {
    timeout: 60_000,
  }, async () => {
    const { account, config, relay } = await accountWithKitReceiver();
    const { alert_id } = await handIn(account.user.id);
    const body = await bodyOf(relay, alert_id);
    const files = keyFiles(config);
    const keys = [files.privateKey, config.aesKey, files.portalKey];

    for (const field of ['ciphertext', 'tag', 'signature']) {
      const run = await runShell([saved(tamper(body, field)), ...keys]);
      expect([run.code, run.stdout, run.stderr], field).toEqual([1, '', expect.stringMatching(/^rejected \(forged\)/)]);
    }

    const seen = join(workDir, `seen-${alert_id}.txt`);
    const first = await runShell([saved(body), ...keys, '--seen-ids', seen]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).alert_id).toBe(alert_id);
    const again = await runShell([saved(body), ...keys, '--seen-ids', seen]);
    expect([again.code, again.stdout, again.stderr]).toEqual([1, '', expect.stringMatching(/^rejected \(replayed\)/)]);

    await new Promise((r) => setTimeout(r, 2100));
    const late = await runShell([saved(body), ...keys, '--max-age-seconds', '1']);
    expect([late.code, late.stdout, late.stderr]).toEqual([1, '', expect.stringMatching(/^rejected \(too_old\)/)]);
    // With the window wide open the same file opens again: the refusal above was the time, nothing else.
    expect((await runShell([saved(body), ...keys, '--max-age-seconds', '3600'])).code).toBe(0);

    const otherAes = randomBytes(32).toString('hex');
    const wrongAes = await runShell([saved(body), files.privateKey, otherAes, files.portalKey]);
    expect([wrongAes.code, wrongAes.stdout, wrongAes.stderr]).toEqual([
      1,
      '',
      expect.stringMatching(/tag does not match/),
    ]);
  });

  it('checks the GCM tag itself: a changed ciphertext or tag signed again is still refused', {
    timeout: 60_000,
  }, async () => {
    // Only the portal's key could sign a changed envelope; with a key of the test's own, this shows that the tag
    // check is more than the signature's shadow.
    const portal = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const recipient = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const aesKey = randomBytes(32);
    const keys = { aesKey, recipientPublicKey: recipient.publicKey, portalPrivateKey: portal.privateKey };
    const portalPublicKey = portal.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const files = keyFiles(
      { portalPublicKey },
      recipient.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    const args = [files.privateKey, aesKey.toString('hex'), files.portalKey];
    const resign = (envelope: Record<string, any>) => ({
      ...envelope,
      signature: sign('sha256', Buffer.from(signingInput(envelope as never)), {
        key: portal.privateKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 32,
      }).toString('base64'),
    });
    // Ciphertexts that fill their last 16-byte block, overrun it by one byte and miss it by one (the padding and the
    // length block both count), and one of multi-byte text.
    const alerts = [0, 1, 15].map((residue) => {
      const alert = { version: 4, alert_id: crypto.randomUUID(), issued_at: new Date().toISOString(), note: '' };
      const bare = Buffer.byteLength(JSON.stringify(alert));
      return { ...alert, note: 'x'.repeat((residue - (bare % 16) + 16) % 16) };
    });
    alerts.push({
      version: 4,
      alert_id: crypto.randomUUID(),
      issued_at: new Date().toISOString(),
      note: 'é😀"'.repeat(40),
    });
    expect(alerts.slice(0, 3).map((a) => Buffer.byteLength(JSON.stringify(a)) % 16)).toEqual([0, 1, 15]);
    for (const alert of alerts) {
      const envelope = sealAlert(alert, keys);
      const good = await runShell([saved(JSON.stringify(envelope)), ...args]);
      expect(good, good.stderr).toMatchObject({ code: 0 });
      expect(JSON.parse(good.stdout)).toEqual(alert);
      for (const field of ['ciphertext', 'tag']) {
        const changed = resign(JSON.parse(tamper(JSON.stringify(envelope), field)));
        const run = await runShell([saved(JSON.stringify(changed)), ...args]);
        expect([run.code, run.stdout, run.stderr], `${alert.note.length} ${field}`).toEqual([
          1,
          '',
          expect.stringMatching(/^rejected: the tag does not match/),
        ]);
      }
    }
  });
});
