/**
 * `npm run bench`: figures, not verdicts. Each figure is printed next to its baseline or target; the
 * exit code only says whether the measurements ran.
 *
 * Sections: `throughput` (login throughput), `tokens`, `reads` and `mixed` (HTTP load, bench/load-sections.ts),
 * `alerts` (alert deliveries per second next to raw RSA-PSS signatures, and the queue's latency at that rate),
 * `bundle` (the login page's first load and its baseline), `lighthouse` (Lighthouse's mobile preset on the public
 * pages). BENCH_ONLY=lighthouse (or a comma-separated list) runs only those;
 * BENCH_LIGHTHOUSE_RUNS=N takes the median of N Lighthouse passes per page (default 5: one pass's TBT swings from a few
 * milliseconds to over 200 on a quiet machine, as Lighthouse's own guidance on variability warns).
 */
import { measureAlertDelivery } from './alert-delivery.ts';
import { measureBareStack, measureLoginBundle, measureLoginWire } from './bundle-size.ts';
import { measureLighthouse } from './lighthouse.ts';
import { formatPage, measured } from './lighthouse-report.ts';
import { loadSections, runLoadSections } from './load-sections.ts';
import { measureLoginThroughput } from './login-throughput.ts';

const LOGIN_RATIO_TARGET = 0.9;
const JS_TARGET_KB = 130;
const CSS_TARGET_KB = 12;

const kb = (bytes: number) => bytes / 1024;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

const requests = Number(process.env.BENCH_LOGIN_REQUESTS ?? 800);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const SECTIONS = ['throughput', ...loadSections, 'alerts', 'bundle', 'lighthouse'] as const;
const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0)
  throw new Error(`BENCH_ONLY names no section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
const runs = (section: (typeof SECTIONS)[number]) => !only?.length || only.includes(section);

if (runs('throughput')) {
  const login = await measureLoginThroughput({ requests, concurrency });
  console.log(
    `Login throughput (${login.requests} requests per side in ${login.rounds} alternating rounds, concurrency ${concurrency}, loopback)`,
  );
  console.log(`  POST /api/login        ${login.loginPerSecond.toFixed(1)} req/s`);
  console.log(`  argon2id verify (raw)  ${login.argon2PerSecond.toFixed(1)} /s   (m=19456 KiB, t=2, p=1)`);
  console.log(`  rounds' ratios         ${login.roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
  console.log(
    `  ratio login/argon2     ${login.ratio.toFixed(3)} (median)   target >= ${LOGIN_RATIO_TARGET}: ${verdict(login.ratio >= LOGIN_RATIO_TARGET)}`,
  );
}

await runLoadSections((section) => runs(section));

if (runs('alerts')) {
  const alerts = await measureAlertDelivery();
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'not delivered in time');
  console.log(
    `\nAlert delivery (${alerts.database}; the real worker, ${alerts.concurrency} calls at a time, to ${alerts.configurations} configurations on a loopback receiver answering 200)`,
  );
  console.log(
    `  deliveries            ${alerts.deliveriesPerSecond.toFixed(1)} /s   (${alerts.deliveries} queued deliveries in ${alerts.roundRatios.length} rounds: claim, seal, sign, POST, record)`,
  );
  console.log(
    `  RSA-PSS sign (raw)    ${alerts.signaturesPerSecond.toFixed(1)} /s   (2048-bit, SHA-256, salt 32; one at a time)`,
  );
  console.log(`  rounds' ratios        ${alerts.roundRatios.map((r) => r.toFixed(3)).join(' ')}`);
  console.log(`  ratio deliveries/sign ${alerts.ratio.toFixed(3)} (median)`);
  console.log(
    `  CPU per delivery      ${alerts.cpuMsPerDelivery.toFixed(2)} ms   per raw signature ${alerts.cpuMsPerSignature.toFixed(2)} ms   (this process: server, worker and receiver)`,
  );
  for (const l of alerts.latency) {
    console.log(
      `  hand-in to delivered at ${l.offeredPerSecond.toFixed(1)} deliveries/s offered (${(l.fraction * 100).toFixed(0)} % of the rate above; ${l.alerts} alerts, ${l.delivered} delivered): p50 ${ms(l.p50Ms)}, p99 ${ms(l.p99Ms)}, max ${ms(l.maxMs)}`,
    );
  }
}

if (runs('bundle')) {
  console.log('\nFirst load of /pages/login (gzip -9 of dist/, entry + static imports + en-us catalog + login route)');
  const bundle = measureLoginBundle('dist');
  for (const file of bundle.files) console.log(`  ${kb(file.gzipBytes).toFixed(2).padStart(8)} KB  ${file.file}`);
  console.log(
    `  JS  ${kb(bundle.jsGzipBytes).toFixed(2)} KB   target <= ${JS_TARGET_KB} KB: ${verdict(kb(bundle.jsGzipBytes) <= JS_TARGET_KB)}`,
  );
  console.log(
    `  CSS ${kb(bundle.cssGzipBytes).toFixed(2)} KB   target <= ${CSS_TARGET_KB} KB: ${verdict(kb(bundle.cssGzipBytes) <= CSS_TARGET_KB)}`,
  );
  const wire = measureLoginWire('dist', bundle);
  console.log(
    `  On the wire (brotli, index.html included): ${kb(wire.brotliBytes).toFixed(2)} KB of ${kb(wire.rawBytes).toFixed(2)} KB uncompressed`,
  );

  const bare = await measureBareStack();
  console.log(
    '\nBaseline built in this run: bench/bare-stack (React + React Router data router + Mantine + XState, full Mantine CSS)',
  );
  console.log(
    `  JS  ${kb(bare.jsGzipBytes).toFixed(2)} KB   login first load / baseline: ${(bundle.jsGzipBytes / bare.jsGzipBytes).toFixed(3)}`,
  );
  console.log(
    `  CSS ${kb(bare.cssGzipBytes).toFixed(2)} KB   login first load / baseline: ${(bundle.cssGzipBytes / bare.cssGzipBytes).toFixed(3)}`,
  );
}

if (runs('lighthouse')) {
  const lighthouse = await measureLighthouse({ runs: lighthouseRuns });
  const benchmarkIndex = lighthouse.pages.find((page) => page.benchmarkIndex !== null)?.benchmarkIndex;
  console.log(
    `\nLighthouse ${lighthouse.lighthouseVersion}, default (mobile) preset: ${lighthouse.emulation}; ${lighthouse.browserVersion}`,
  );
  console.log(
    `  this machine's benchmark index ${benchmarkIndex?.toFixed(0) ?? 'n/a'}; ${lighthouse.seconds.toFixed(0)} s for the section`,
  );
  for (const page of lighthouse.pages) console.log(formatPage(page).join('\n'));
  // A page Lighthouse could not load, or that sent it elsewhere, has no figures: the measurement did not run.
  if (!lighthouse.pages.every(measured)) process.exitCode = 1;
}
