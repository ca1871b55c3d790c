/**
 * HTTP load for the throughput benches: autocannon (kept-alive connections, requests prepared once) against a server
 * in another process, and the alternating rounds every ratio in `npm run bench` is taken from.
 */
import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Load {
  /** Answers 2xx per second. */
  rate: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One run of `seconds` with `connections` kept-alive connections, each sending its next request on each answer. */
export async function load(target: Target, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  });
  const ok = result['2xx'];
  return {
    rate: ok / (result.duration || seconds),
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

export interface Comparison {
  subject: string;
  baseline: string;
  connections: number;
  seconds: number;
  /** Over all rounds of each side. */
  subjectRate: number;
  baselineRate: number;
  roundRatios: number[];
  /** Median of the rounds' subject/baseline ratios. */
  ratio: number;
  /** 2xx answers of each side, warm-up included: what a profile of the server saw. */
  answered: { subject: number; baseline: number };
  /** Answers that were not 2xx, and socket errors, over all rounds of each side: a throughput of failures is none. */
  failures: { subject: number; baseline: number };
}

/**
 * The machine's speed drifts (other tenants, the allocator, clocks) by more than the differences being measured, so
 * the two servers take the load in turn, in short rounds in ABBA order, and the figure is the median of the rounds'
 * ratios: a burst of noise spoils one round, not the result. A warm-up round of each comes first (JIT, pools).
 */
export async function compare(
  subject: Target,
  baseline: Target,
  { rounds = 8, seconds = 4, connections = 50, warmupSeconds = 2 } = {},
): Promise<Comparison> {
  const warm = [await load(subject, connections, warmupSeconds), await load(baseline, connections, warmupSeconds)];
  const ratios: number[] = [];
  const subjects: Load[] = [];
  const baselines: Load[] = [];
  for (let round = 0; round < rounds; round++) {
    let s: Load;
    let b: Load;
    if (round % 2 === 0) {
      b = await load(baseline, connections, seconds);
      s = await load(subject, connections, seconds);
    } else {
      s = await load(subject, connections, seconds);
      b = await load(baseline, connections, seconds);
    }
    subjects.push(s);
    baselines.push(b);
    ratios.push(s.rate / b.rate);
  }
  const sum = (loads: Load[], pick: (l: Load) => number) => loads.reduce((total, l) => total + pick(l), 0);
  const failed = (l: Load) => l.non2xx + l.errors + l.timeouts;
  return {
    subject: subject.name,
    baseline: baseline.name,
    connections,
    seconds,
    subjectRate: sum(subjects, (l) => l.ok) / (rounds * seconds),
    baselineRate: sum(baselines, (l) => l.ok) / (rounds * seconds),
    roundRatios: ratios,
    ratio: median(ratios),
    answered: {
      subject: warm[0]!.ok + sum(subjects, (l) => l.ok),
      baseline: warm[1]!.ok + sum(baselines, (l) => l.ok),
    },
    failures: { subject: sum(subjects, failed), baseline: sum(baselines, failed) },
  };
}
