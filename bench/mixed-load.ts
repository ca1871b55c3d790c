/**
 * Load without errors: a minute of mixed traffic at 200 connections against one portal process (SQLite, or
 * PostgreSQL when DATABASE_URL is set): logins (argon2id and a session row each), server-rendered page loads,
 * authenticated reads and client_credentials token requests, all at once. Every answer that is not the expected 200
 * is counted by kind and status, every socket error and timeout by its code; latency is per kind and overall, and the
 * server's resident memory is sampled each second.
 */
import autocannon from 'autocannon';
import { startChild } from './child-process.ts';
import type { PortalInfo } from './portal-process.ts';

export interface KindResult {
  kind: string;
  connections: number;
  answered: number;
  ok: number;
  /** Status (or socket error code) → count, for everything that was not a 200. */
  failures: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
}

export interface MixedLoadResult {
  database: string;
  seconds: number;
  connections: number;
  kinds: KindResult[];
  /** Over every kind. */
  answered: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  rssStartBytes: number;
  rssMaxBytes: number;
  rssEndBytes: number;
}

interface Kind {
  kind: string;
  share: number;
  request: (portal: PortalInfo) => {
    path: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  };
}

// Reads are what every page does, tokens what integrations do all day; logins are rarer and cost an argon2 hash each.
const KINDS: Kind[] = [
  {
    kind: 'login',
    share: 0.1,
    request: (p) => ({
      path: '/api/login',
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: p.url },
      body: JSON.stringify({ username: p.loginEmail, password: p.password }),
    }),
  },
  { kind: 'page load', share: 0.25, request: () => ({ path: '/pages/login', headers: { 'accept-encoding': 'br' } }) },
  {
    kind: 'authenticated read',
    share: 0.4,
    request: (p) => ({ path: '/api/deviceSessions', headers: { cookie: p.cookie } }),
  },
  {
    kind: 'token',
    share: 0.25,
    request: (p) => ({
      path: '/api/oauth/token',
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    }),
  },
];

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

class Latencies {
  #values = new Float64Array(1 << 16);
  #length = 0;
  add(ms: number) {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = ms;
  }
  sorted(): Float64Array {
    return this.#values.slice(0, this.#length).sort();
  }
}

/** Every kind at once on its share of the connections, for `seconds`; each answer's latency also goes to `all`. */
function mix(portal: PortalInfo, seconds: number, connections: number, all: Latencies): Promise<KindResult[]> {
  return Promise.all(
    KINDS.map(async ({ kind, share, request }) => {
      const { path, ...options } = request(portal);
      const own = new Latencies();
      const failures: Record<string, number> = {};
      let answered = 0;
      let ok = 0;
      const count = Math.max(1, Math.round(connections * share));
      let finished!: (err: Error | null) => void;
      const done = new Promise<void>((resolve, reject) => {
        finished = (err) => (err ? reject(err) : resolve());
      });
      const instance = autocannon(
        {
          url: new URL(path, portal.url).href,
          connections: count,
          duration: seconds,
          // A request still unanswered after this long counts as a failure, not a slow success.
          timeout: 30,
          ...options,
        },
        (err: Error | null) => finished(err ?? null),
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        answered++;
        own.add(ms);
        all.add(ms);
        if (status === 200) ok++;
        else failures[String(status)] = (failures[String(status)] ?? 0) + 1;
      });
      instance.on('reqError', (err: { code?: string; message?: string }) => {
        const key = err.code ?? err.message ?? 'error';
        failures[key] = (failures[key] ?? 0) + 1;
      });
      await done;
      const sorted = own.sorted();
      return {
        kind,
        connections: count,
        answered,
        ok,
        failures,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
      } satisfies KindResult;
    }),
  );
}

export async function measureMixedLoad({
  seconds = 60,
  connections = 200,
  warmupSeconds = 5,
  /** PostgreSQL (a fresh schema in it), or null for the default SQLite file. */
  databaseUrl = null as string | null,
} = {}): Promise<MixedLoadResult> {
  const portal = await startChild<PortalInfo>(
    './portal-process.ts',
    { DATABASE_URL: databaseUrl ?? undefined },
    'portal',
  );
  let rssMax = 0;
  const sample = async () => {
    const rss = await portal.rss();
    if (rss > rssMax) rssMax = rss;
    return rss;
  };
  const rssStart = await sample();
  const sampler = setInterval(() => void sample(), 1000);
  const all = new Latencies();
  try {
    // A tenth of the load first, not counted: the first requests of a fresh process compile code and import the
    // server-side renderer, which says nothing about the server under steady load.
    await mix(portal.info, warmupSeconds, Math.max(KINDS.length, Math.round(connections / 10)), new Latencies());
    const results = await mix(portal.info, seconds, connections, all);
    const sorted = all.sorted();
    const rssEnd = await sample();
    return {
      database: databaseUrl ? 'PostgreSQL' : 'SQLite',
      seconds,
      connections: results.reduce((n, r) => n + r.connections, 0),
      kinds: results,
      answered: results.reduce((n, r) => n + r.answered, 0),
      failed: results.reduce((n, r) => n + Object.values(r.failures).reduce((a, b) => a + b, 0), 0),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      rssStartBytes: rssStart,
      rssMaxBytes: rssMax,
      rssEndBytes: rssEnd,
    };
  } finally {
    clearInterval(sampler);
    await portal.stop();
  }
}
