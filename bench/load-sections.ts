/**
 * The load sections of `npm run bench`: `tokens` (POST /api/oauth/token next to oidc-provider), `reads` (GET
 * /api/deviceSessions next to a bare Fastify route) and `mixed` (a minute of mixed traffic at 200 connections, on the
 * default SQLite file and, when DATABASE_URL is set, on PostgreSQL too).
 * BENCH_LOAD_ROUNDS and BENCH_LOAD_SECONDS set the alternating rounds; BENCH_MIXED_SECONDS the mixed run's length;
 * BENCH_CPU_PROFILE=<dir> has every server write a CPU profile there (read with bench/cpu-profile-summary.ts).
 */
import { loadavg } from 'node:os';
import type { Comparison } from './load-rounds.ts';
import { type MixedLoadResult, measureMixedLoad } from './mixed-load.ts';
import { measureReadsThroughput } from './reads-throughput.ts';
import { measureTokenThroughput } from './token-throughput.ts';

export const loadSections = ['tokens', 'reads', 'mixed'] as const;

const TOKEN_TARGET = 1.5;
const READS_TARGET = 0.5;

const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 8);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 4);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${navigator.hardwareConcurrency} cores`;
// bench/portal-process.ts takes a fresh PostgreSQL schema when DATABASE_URL is set, so the figures say which it was.
const portalDatabase = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function printComparison(title: string, c: Comparison, target?: number) {
  console.log(
    `\n${title} (autocannon, ${c.connections} connections, ${c.roundRatios.length} alternating rounds of ${c.seconds} s, each server in its own process, LOG_LEVEL=warn; the portal on ${portalDatabase()}; ${load()})`,
  );
  console.log(`  ${c.subject.padEnd(34)} ${c.subjectRate.toFixed(0)} req/s`);
  console.log(`  ${c.baseline.padEnd(34)} ${c.baselineRate.toFixed(0)} req/s`);
  console.log(`  rounds' ratios                     ${c.roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
  const judged = target === undefined ? 'no target: for scale' : `target >= ${target}: ${verdict(c.ratio >= target)}`;
  console.log(`  ratio                              ${c.ratio.toFixed(3)} (median)   ${judged}`);
  if (c.failures.subject + c.failures.baseline > 0) {
    console.log(`  FAILED answers: ${c.failures.subject} of the portal, ${c.failures.baseline} of the baseline`);
    process.exitCode = 1;
  }
}

export async function runLoadSections(runs: (section: (typeof loadSections)[number]) => boolean): Promise<void> {
  if (runs('tokens')) {
    const tokens = await measureTokenThroughput({ rounds, seconds });
    printComparison(
      'Token endpoint, client_credentials (ES256 JWT access tokens; oidc-provider in memory, resource indicators, jwt format)',
      tokens,
      TOKEN_TARGET,
    );
  }
  if (runs('reads')) {
    const { read, stack } = await measureReadsThroughput({ rounds, seconds });
    printComparison('Authenticated read (session cookie, the row read every request)', read, READS_TARGET);
    printComparison("The portal's stack alone (every API answer's hooks, no session, no query)", stack);
  }
  if (runs('mixed')) {
    // The default SQLite server, then PostgreSQL when DATABASE_URL names one: both are what the portal ships on.
    const databases = [null, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
    for (const databaseUrl of databases) printMixed(await measureMixedLoad({ seconds: mixedSeconds, databaseUrl }));
    if (!process.env.DATABASE_URL)
      console.log('  PostgreSQL: not run (set DATABASE_URL to a database the bench may use)');
  }
}

function printMixed(mixed: MixedLoadResult): void {
  console.log(
    `\nMixed load (${mixed.database}; ${mixed.connections} connections for ${mixed.seconds} s after a warm-up: logins, page loads, authenticated reads, tokens at once; ${load()})`,
  );
  for (const k of mixed.kinds) {
    const failed = Object.entries(k.failures);
    console.log(
      `  ${k.kind.padEnd(20)} ${String(k.connections).padStart(3)} conns  ${String(k.answered).padStart(7)} answers  p50 ${ms(k.p50Ms)}  p99 ${ms(k.p99Ms)}  ${failed.length ? `ERRORS ${failed.map(([code, n]) => `${n}× ${code}`).join(', ')}` : '0 errors'}`,
    );
  }
  console.log(
    `  all                           ${String(mixed.answered).padStart(7)} answers  p50 ${ms(mixed.p50Ms)}  p99 ${ms(mixed.p99Ms)}  ${mixed.failed} errors`,
  );
  console.log(
    `  server RSS                    ${mb(mixed.rssStartBytes)} at the start, ${mb(mixed.rssMaxBytes)} at most, ${mb(mixed.rssEndBytes)} at the end`,
  );
  if (mixed.failed > 0) process.exitCode = 1;
}
