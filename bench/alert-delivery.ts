/**
 * Alert delivery against its baseline, both measured in this run: deliveries per second through the real worker
 * (claim, sealing with a fresh seed and the configuration's keys, RSA-PSS signature, HTTP POST to a loopback receiver,
 * the outcome recorded) next to raw RSA-PSS signatures per second with a key of the same size. Every attempt is
 * signed afresh (docs/decisions/0019), so the signature is the designed cost, and the ratio shows what the rest of a
 * delivery costs on top. Then alerts are handed in through the ingestion API at a steady rate and the queue's latency
 * is taken from each alert's hand-in to its delivery being recorded.
 */
import { constants, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createSealer } from '../server/modules/alert-forwarding/key-sealing.ts';
import { ingestAlert } from '../server/modules/alerts/alerts.service.ts';
import { createServiceClient } from '../server/modules/alerts/service-clients.service.ts';
import {
  accountWithForwarding,
  alertBody,
  ingest,
  startAlertServer,
  tokenFor,
} from '../tests/server/helpers/alert-delivery.ts';

export interface AlertDeliveryResult {
  database: 'SQLite' | 'PostgreSQL';
  configurations: number;
  concurrency: number;
  /** The backlogs drained by the worker, over all rounds. */
  deliveries: number;
  deliveriesPerSecond: number;
  /** Raw signatures per second: the median of the rounds. */
  signaturesPerSecond: number;
  /** Median of the rounds' deliveries/signatures ratios. */
  ratio: number;
  roundRatios: number[];
  /** CPU time of this process (server, worker, receiver) per delivery, and per raw signature: the machine's load
   * stretches wall time, much less CPU time. */
  cpuMsPerDelivery: number;
  cpuMsPerSignature: number;
  /** Hand-in to delivery, at steady offered rates. */
  latency: LatencyResult[];
}

export interface LatencyResult {
  /** Deliveries per second offered: alerts per second times the configurations. */
  offeredPerSecond: number;
  /** Of the rate measured on the backlog. */
  fraction: number;
  alerts: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** RSA-PSS signatures as sealAlert makes them: SHA-256, salt 32, a 2048-bit key, a text as long as an envelope's. */
function signerFor(textLength: number) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const text = Buffer.from(randomBytes(Math.ceil(textLength * 0.75)).toString('base64'));
  const options = { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };
  let count = 0;
  let cpuMs = 0;
  return {
    /** Signatures per second over this many seconds, one after the other. */
    rate(seconds: number): number {
      const cpu = process.cpuUsage();
      const started = performance.now();
      let n = 0;
      while (performance.now() - started < seconds * 1000) {
        sign('sha256', text, options);
        n++;
      }
      const elapsed = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      count += n;
      cpuMs += (used.user + used.system) / 1000;
      return n / elapsed;
    },
    cpuMsPerSignature: () => cpuMs / count,
  };
}

/** A webhook on 127.0.0.1 that answers every POST 200 at once and keeps the longest signed text's length. */
async function startSink(): Promise<{
  url: string;
  received: () => number;
  signedLength: () => number;
  server: Server;
}> {
  let received = 0;
  let signedLength = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received++;
      const e = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      signedLength = Math.max(signedLength, `v4.${e.encrypted_seed}.${e.iv}.${e.ciphertext}.${e.tag}`.length);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    signedLength: () => signedLength,
    server,
  };
}

export async function measureAlertDelivery({
  backlogAlerts = 160,
  roundCount = 4,
  configurations = 4,
  latencySeconds = 6,
  fractions = [0.5, 1],
  signSeconds = 1,
} = {}): Promise<AlertDeliveryResult> {
  // The worker as deployed (8 calls at a time, 10 s deadline), except that it does not poll: hand-ins wake it, as in
  // production, and the backlog below is queued without waking it, so that draining it starts when the bench says.
  const server = await startAlertServer({ ALERT_DELIVERY_POLL_MS: '3600000', ALERT_DELIVERY_TIMEOUT_MS: '10000' });
  const sink = await startSink();
  try {
    const db = server.db;
    const sealer = createSealer(server.config.alertKeysSecret);
    // Configurations of one account: each alert is one delivery per configuration, and a configuration takes at most
    // two of the instance's calls, so four of them let the worker use all of its eight.
    const account = await accountWithForwarding(
      server,
      Array.from({ length: configurations }, (_, i) => `${sink.url}/hook/${i}`),
    );
    const { client, secret } = await createServiceClient(db, { name: 'Bench monitoring backend' });
    const token = await tokenFor(server, client.clientId, secret);

    const delivered = async (alertIds: readonly string[]) => {
      if (alertIds.length === 0) return [];
      return db
        .selectFrom('alert_deliveries')
        .innerJoin('alerts', 'alerts.id', 'alert_deliveries.alert_id')
        .select(['alerts.created_at as handedIn', 'alert_deliveries.delivered_at as deliveredAt'])
        .where('alert_deliveries.alert_id', 'in', alertIds)
        .where('alert_deliveries.status', '=', 'delivered')
        .execute();
    };
    const drain = async (expected: number, startedAt: number, limitMs: number) => {
      while (sink.received() < expected && performance.now() - startedAt < limitMs) await sleep(5);
    };

    /** Until nothing is queued (the pings of the setup, the warm-up, a round's stragglers): each phase starts clean. */
    const settle = async () => {
      const pending = () =>
        db
          .selectFrom('alert_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
      for (let i = 0; i < 1000 && Number((await pending()).n) > 0; i++) await sleep(10);
    };

    // Warm-up: JIT, the database's first pages, the receiver's first connections.
    const warm = await ingest(server, token, alertBody(account.user.id));
    if (warm.status !== 202) throw new Error(`ingestion answered ${warm.status}: ${await warm.text()}`);
    await settle();

    const signedLength = sink.signedLength();
    const signer = signerFor(signedLength);
    signer.rate(0.2);

    // The machine's speed drifts (other tenants) by more than the difference being measured, so the two sides run
    // back to back in rounds, in ABBA order, and the ratio is the median of the rounds' ratios. Each round's backlog is
    // queued straight through the service (no HTTP, no wake); the worker is then woken once and drains it.
    const rounds: Array<{ deliveries: number; seconds: number; cpuMs: number; signatures: number; ratio: number }> = [];
    const perRound = Math.max(1, Math.round(backlogAlerts / roundCount));
    const drainRound = async () => {
      await settle();
      const queued: string[] = [];
      for (let i = 0; i < perRound; i++) {
        const body = alertBody(account.user.id);
        const { answer } = await ingestAlert(db, sealer, { sourceClientId: client.id, body });
        queued.push(answer.alert_id);
      }
      const before = sink.received();
      const cpu = process.cpuUsage();
      const started = performance.now();
      server.app.alertDelivery.wake();
      await drain(before + perRound * configurations, started, 10_000);
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const deliveries = sink.received() - before;
      // The sink counts a POST before the worker records it; the next round starts once every record is in.
      for (let i = 0; i < 200 && (await delivered(queued)).length < deliveries; i++) await sleep(10);
      return { deliveries, seconds, cpuMs: (used.user + used.system) / 1000 };
    };
    for (let round = 0; round < roundCount; round++) {
      let signatures: number;
      let drained: Awaited<ReturnType<typeof drainRound>>;
      if (round % 2 === 0) {
        signatures = signer.rate(signSeconds);
        drained = await drainRound();
      } else {
        drained = await drainRound();
        signatures = signer.rate(signSeconds);
      }
      rounds.push({ ...drained, signatures, ratio: drained.deliveries / drained.seconds / signatures });
    }
    const drained = rounds.reduce((sum, r) => sum + r.deliveries, 0);
    const deliveriesPerSecond = drained / rounds.reduce((sum, r) => sum + r.seconds, 0);
    const signRate = median(rounds.map((r) => r.signatures));

    // Steady hand-ins through the API at fractions of the measured rate, open loop: a hand-in leaves on time whether
    // or not the earlier ones were delivered, as the monitoring backend's would.
    const latency: LatencyResult[] = [];
    for (const fraction of fractions) {
      const alertsPerSecond = (deliveriesPerSecond * fraction) / configurations;
      const count = Math.max(4, Math.round(alertsPerSecond * latencySeconds));
      const intervalMs = 1000 / alertsPerSecond;
      await settle();
      const ids: string[] = [];
      const handIns: Promise<void>[] = [];
      const sent = sink.received();
      const begin = performance.now();
      for (let i = 0; i < count; i++) {
        const due = begin + i * intervalMs;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        handIns.push(
          ingest(server, token, alertBody(account.user.id)).then(async (response) => {
            if (response.status !== 202) throw new Error(`ingestion answered ${response.status}`);
            ids.push(((await response.json()) as { data: { alert_id: string } }).data.alert_id);
          }),
        );
      }
      await Promise.all(handIns);
      await drain(sent + count * configurations, performance.now(), 12_000);
      let rows = await delivered(ids);
      for (let i = 0; i < 200 && rows.length < count * configurations; i++) {
        await sleep(10);
        rows = await delivered(ids);
      }
      // A delivery still waiting when the bench stops counts as slower than any delivered one, not as absent.
      const waits = [
        ...rows.map((r) => Number(r.deliveredAt) - Number(r.handedIn)),
        ...Array<number>(count * configurations - rows.length).fill(Number.POSITIVE_INFINITY),
      ].sort((a, b) => a - b);
      latency.push({
        offeredPerSecond: alertsPerSecond * configurations,
        fraction,
        alerts: count,
        delivered: rows.length,
        p50Ms: percentile(waits, 50),
        p99Ms: percentile(waits, 99),
        maxMs: waits.at(-1) ?? Number.NaN,
      });
    }

    return {
      database: server.config.databaseUrl ? 'PostgreSQL' : 'SQLite',
      configurations,
      concurrency: server.config.alertDelivery.concurrency,
      deliveries: drained,
      deliveriesPerSecond,
      signaturesPerSecond: signRate,
      ratio: median(rounds.map((r) => r.ratio)),
      roundRatios: rounds.map((r) => r.ratio),
      cpuMsPerDelivery: rounds.reduce((sum, r) => sum + r.cpuMs, 0) / drained,
      cpuMsPerSignature: signer.cpuMsPerSignature(),
      latency,
    };
  } finally {
    await server.close();
    sink.server.closeAllConnections();
    await new Promise((done) => sink.server.close(done));
  }
}
