/**
 * The pure half of the Lighthouse bench: what one Lighthouse report (LHR) says about a page, the median over runs,
 * and the lines `npm run bench` prints. No browser here, so it is unit tested (lighthouse-report.test.ts).
 */
import type { Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** The public pages' targets (README, Benchmarks), on Lighthouse's 0–100 scale. */
export const TARGETS: Record<CategoryId, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

const CATEGORY_NAMES: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

export const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
] as const;
export type MetricId = (typeof METRICS)[number]['id'];

/** Lighthouse's report shows an audit as passed from this score up (its PASS_THRESHOLD). */
const PASS_THRESHOLD = 0.9;

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–1. */
  score: number;
  /** Lighthouse's own short figure, e.g. "Est savings of 120 KiB" or "2.9 s". */
  displayValue?: string;
}

/** One Lighthouse pass over one page. */
export interface RunSummary {
  /** 0–100 as the report shows them; null when Lighthouse could not score the category. */
  scores: Record<CategoryId, number | null>;
  /** Lighthouse's simulated values: milliseconds, CLS unitless. */
  metrics: Record<MetricId, number | null>;
  failing: Record<CategoryId, FailingAudit[]>;
  /** Where the page ended up (a redirect to the login page would mean the wrong page was measured). */
  finalUrl: string;
  runtimeError?: string;
  warnings: string[];
  benchmarkIndex: number;
  /** The page's h1 after the run, read from the page by the runner (the report does not carry it). */
  heading?: string;
}

/** A failing audit with the number of runs it failed in. */
export interface FailingAuditOverRuns extends FailingAudit {
  runs: number;
}

/** One page over N runs: each figure is the median of its runs. */
export interface PageFigures {
  name: string;
  path: string;
  runs: number;
  scores: Record<CategoryId, number | null>;
  metrics: Record<MetricId, number | null>;
  failing: Record<CategoryId, FailingAuditOverRuns[]>;
  /** Run errors, wrong final pages and Lighthouse's warnings, each once. */
  problems: string[];
  benchmarkIndex: number | null;
  /** The distinct h1 texts the runs ended on. */
  headings: string[];
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const byCategory = <T>(make: (id: CategoryId) => T) =>
  Object.fromEntries(CATEGORIES.map((id) => [id, make(id)])) as Record<CategoryId, T>;

/**
 * An audit fails when it costs its category points (weighted, below 1) or when the report would show it as failed
 * (scored below the pass threshold: the performance insights carry no weight but say where the time goes).
 */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    // The report hides the "hidden" group; null scores are informative, manual or not applicable.
    if (!audit || ref.group === 'hidden' || audit.score === null) return [];
    const costsPoints = ref.weight > 0 && audit.score < 1;
    const shownFailed = audit.scoreDisplayMode !== 'informative' && audit.score < PASS_THRESHOLD;
    if (!costsPoints && !shownFailed) return [];
    return [
      {
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      },
    ];
  });
}

/** Origins other than the page's that the page asked for: none is reachable here, and none is expected. */
function otherOrigins(lhr: Result): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: Array<{ url?: unknown }> } | undefined;
  const own = new URL(lhr.finalDisplayedUrl).origin;
  const origins = (details?.items ?? [])
    .map((item) => (typeof item.url === 'string' ? URL.parse(item.url) : null))
    .filter((url): url is URL => url !== null)
    .filter((url) => url.protocol.startsWith('http') && url.origin !== own)
    .map((url) => url.origin);
  return [...new Set(origins)];
}

export function summariseRun(lhr: Result): RunSummary {
  const score = (id: CategoryId) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return {
    scores: byCategory(score),
    metrics: Object.fromEntries(METRICS.map(({ id }) => [id, lhr.audits[id]?.numericValue ?? null])) as Record<
      MetricId,
      number | null
    >,
    failing: byCategory((id) => failingAudits(lhr, id)),
    finalUrl: lhr.finalDisplayedUrl,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    warnings: [
      ...lhr.runWarnings.map(String),
      ...otherOrigins(lhr).map((origin) => `the page requested ${origin}, which is not its own origin`),
    ],
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The runs of one page folded into its figures; `path` is the page's path, which every run must end on. */
export function combineRuns(name: string, path: string, runs: RunSummary[]): PageFigures {
  const medianOf = (pick: (run: RunSummary) => number | null) =>
    median(runs.map(pick).filter((value): value is number => value !== null));
  const failing = byCategory((category) => {
    const seen = new Map<string, FailingAuditOverRuns>();
    for (const run of runs) {
      for (const audit of run.failing[category]) {
        const before = seen.get(audit.id);
        // The last run's score and figure stand for the audit; the count says how often it failed.
        seen.set(audit.id, { ...audit, runs: (before?.runs ?? 0) + 1 });
      }
    }
    return [...seen.values()].sort((a, b) => a.score - b.score || a.id.localeCompare(b.id));
  });
  const problems = new Set<string>();
  for (const run of runs) {
    if (run.runtimeError) problems.add(`Lighthouse error: ${run.runtimeError}`);
    if (new URL(run.finalUrl).pathname !== path)
      problems.add(`ended on ${new URL(run.finalUrl).pathname}, not ${path}`);
    for (const warning of run.warnings) problems.add(warning);
  }
  return {
    name,
    path,
    runs: runs.length,
    scores: byCategory((id) => medianOf((run) => run.scores[id])),
    metrics: Object.fromEntries(METRICS.map(({ id }) => [id, medianOf((run) => run.metrics[id])])) as Record<
      MetricId,
      number | null
    >,
    failing,
    problems: [...problems],
    benchmarkIndex: medianOf((run) => run.benchmarkIndex),
    headings: [...new Set(runs.flatMap((run) => (run.heading ? [run.heading] : [])))],
  };
}

/** Whether the figures are real measurements: every run loaded the page it was sent to and scored it. */
export function measured(page: PageFigures): boolean {
  return page.runs > 0 && !page.problems.some((p) => p.startsWith('Lighthouse error:') || p.startsWith('ended on '));
}

const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

function formatMetric(unit: string, value: number | null): string {
  if (value === null) return 'n/a';
  return unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
}

/** The lines printed for one page: scores against targets, metrics, then why each missed category lost points. */
export function formatPage(page: PageFigures): string[] {
  const shown = page.headings.map((heading) => `"${heading}"`).join(' / ');
  const lines = [
    `  ${page.name}  ${page.path}${shown ? `  ${shown}` : ''}${page.runs > 1 ? `  (median of ${page.runs} runs)` : ''}`,
  ];
  for (const id of CATEGORIES) {
    const score = page.scores[id];
    const figure = score === null ? 'n/a' : String(score);
    const ok = score !== null && score >= TARGETS[id];
    const target = TARGETS[id] === 100 ? '100' : `>= ${TARGETS[id]}`;
    lines.push(`    ${CATEGORY_NAMES[id].padEnd(15)} ${figure.padStart(5)}   target ${target}: ${verdict(ok)}`);
  }
  lines.push(
    `    ${METRICS.map(({ id, label, unit }) => `${label} ${formatMetric(unit, page.metrics[id])}`).join('   ')}`,
  );
  for (const id of CATEGORIES) {
    const score = page.scores[id];
    if (score !== null && score >= TARGETS[id]) continue;
    if (page.failing[id].length === 0) continue;
    lines.push(`    ${CATEGORY_NAMES[id]} audits that failed:`);
    for (const audit of page.failing[id]) {
      const often = audit.runs < page.runs ? `, in ${audit.runs} of ${page.runs} runs` : '';
      const figure = audit.displayValue ? `, ${audit.displayValue}` : '';
      lines.push(`      ${audit.id}: ${audit.title} (score ${audit.score.toFixed(2)}${figure}${often})`);
    }
  }
  for (const problem of page.problems) lines.push(`    ! ${problem}`);
  return lines;
}
