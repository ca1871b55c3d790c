import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { combineRuns, formatPage, measured, median, type RunSummary, summariseRun } from './lighthouse-report.ts';

type Audit = {
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
  details?: unknown;
};
type Ref = { id: string; weight: number; group?: string };

/** The parts of a Lighthouse report the summary reads; everything else a real report has is left out. */
function report({
  scores = {},
  refs = {},
  audits = {},
  finalUrl = 'http://127.0.0.1:4000/pages/login',
  requests = [finalUrl],
  runtimeError,
}: {
  scores?: Partial<Record<string, number | null>>;
  refs?: Partial<Record<string, Ref[]>>;
  audits?: Record<string, Audit>;
  finalUrl?: string;
  requests?: string[];
  runtimeError?: { code: string; message: string };
}): Result {
  const categories = Object.fromEntries(
    ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [
      id,
      { id, score: id in scores ? scores[id] : 1, auditRefs: refs[id] ?? [] },
    ]),
  );
  const metrics = {
    'first-contentful-paint': 1000,
    'largest-contentful-paint': 1500,
    'total-blocking-time': 20,
    'cumulative-layout-shift': 0.01,
  };
  const allAudits: Record<string, Audit> = {
    ...Object.fromEntries(
      Object.entries(metrics).map(([id, numericValue]) => [
        id,
        { score: 1, scoreDisplayMode: 'numeric', numericValue },
      ]),
    ),
    'network-requests': {
      score: null,
      scoreDisplayMode: 'informative',
      details: { items: requests.map((url) => ({ url })) },
    },
    ...audits,
  };
  return {
    categories,
    audits: Object.fromEntries(
      Object.entries(allAudits).map(([id, a]) => [
        id,
        { id, title: `Title of ${id}`, scoreDisplayMode: 'binary', ...a },
      ]),
    ),
    finalDisplayedUrl: finalUrl,
    runWarnings: [],
    environment: { benchmarkIndex: 1500 },
    ...(runtimeError ? { runtimeError } : {}),
  } as unknown as Result;
}

describe('summariseRun', () => {
  it('reads scores on the 0–100 scale, the four metrics, and only the audits that cost points or show as failed', () => {
    const run = summariseRun(
      report({
        scores: { performance: 0.874, accessibility: 0.96, 'best-practices': null },
        refs: {
          performance: [
            { id: 'largest-contentful-paint', weight: 25 },
            { id: 'render-blocking-insight', weight: 0 },
            { id: 'diagnostics', weight: 0 },
            { id: 'old-audit', weight: 0, group: 'hidden' },
          ],
          accessibility: [
            { id: 'color-contrast', weight: 7 },
            { id: 'label', weight: 7 },
            { id: 'video-caption', weight: 7 },
          ],
        },
        audits: {
          'largest-contentful-paint': {
            score: 0.76,
            scoreDisplayMode: 'numeric',
            numericValue: 3056,
            displayValue: '3.1 s',
          },
          'render-blocking-insight': { score: 0.5, scoreDisplayMode: 'metricSavings' },
          diagnostics: { score: 0, scoreDisplayMode: 'informative' },
          'old-audit': { score: 0 },
          'color-contrast': { score: 0 },
          label: { score: 1 },
          'video-caption': { score: null, scoreDisplayMode: 'notApplicable' },
        },
      }),
    );
    expect(run.scores).toEqual({ performance: 87, accessibility: 96, 'best-practices': null, seo: 100 });
    expect(run.metrics).toEqual({
      'first-contentful-paint': 1000,
      'largest-contentful-paint': 3056,
      'total-blocking-time': 20,
      'cumulative-layout-shift': 0.01,
    });
    expect(run.failing.performance.map((a) => a.id)).toEqual(['largest-contentful-paint', 'render-blocking-insight']);
    expect(run.failing.performance[0]).toMatchObject({
      title: 'Title of largest-contentful-paint',
      score: 0.76,
      displayValue: '3.1 s',
    });
    expect(run.failing.accessibility.map((a) => a.id)).toEqual(['color-contrast']);
    expect(run.warnings).toEqual([]);
  });

  it('warns about requests to any origin but the page’s own', () => {
    const run = summariseRun(
      report({
        requests: ['http://127.0.0.1:4000/assets/a.js', 'https://fonts.example/f.woff2', 'data:image/png;base64,AA'],
      }),
    );
    expect(run.warnings).toEqual(['the page requested https://fonts.example, which is not its own origin']);
  });
});

describe('combineRuns', () => {
  const lcp = (score: number, numericValue: number) =>
    summariseRun(
      report({
        scores: { performance: score / 100 },
        refs: { performance: [{ id: 'largest-contentful-paint', weight: 25 }] },
        audits: {
          'largest-contentful-paint': {
            score: numericValue > 2500 ? 0.8 : 1,
            scoreDisplayMode: 'numeric',
            numericValue,
          },
        },
      }),
    );

  it('takes the median of each figure and counts in how many runs an audit failed', () => {
    const page = combineRuns('Login', '/pages/login', [lcp(90, 3000), lcp(99, 2000), lcp(95, 2400)]);
    expect(page.scores.performance).toBe(95);
    expect(page.metrics['largest-contentful-paint']).toBe(2400);
    expect(page.failing.performance).toMatchObject([{ id: 'largest-contentful-paint', runs: 1 }]);
    expect(measured(page)).toBe(true);
    expect(formatPage(page)).toContain(
      '      largest-contentful-paint: Title of largest-contentful-paint (score 0.80, in 1 of 3 runs)',
    );
  });

  it('says a page was not measured when Lighthouse failed or the page sent it elsewhere', () => {
    const failed = summariseRun(
      report({ runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } }),
    );
    const elsewhere = summariseRun(report({ finalUrl: 'http://127.0.0.1:4000/pages/main' }));
    const page = combineRuns('Login', '/pages/login', [failed, elsewhere]);
    expect(page.problems).toEqual([
      'Lighthouse error: NO_FCP: The page did not paint any content.',
      'ended on /pages/main, not /pages/login',
    ]);
    expect(measured(page)).toBe(false);
    expect(measured(combineRuns('Login', '/pages/login', []))).toBe(false);
  });
});

describe('formatPage', () => {
  const page = (scores: Record<string, number>, heading = 'Sign in') =>
    combineRuns('Login', '/pages/login', [
      {
        ...summariseRun(
          report({
            scores,
            refs: { performance: [{ id: 'unused-javascript', weight: 0 }], seo: [{ id: 'robots-txt', weight: 1 }] },
            audits: {
              'unused-javascript': { score: 0, displayValue: 'Est savings of 25 KiB' },
              'robots-txt': { score: 0 },
            },
          }),
        ),
        heading,
      } satisfies RunSummary,
    ]);

  it('prints each score against its target, the metrics, and why a missed category lost points', () => {
    const lines = formatPage(page({ performance: 0.97, seo: 0.92 }));
    expect(lines).toEqual([
      '  Login  /pages/login  "Sign in"',
      '    Performance        97   target >= 98: MISSES target',
      '    Accessibility     100   target 100: meets target',
      '    Best practices    100   target 100: meets target',
      '    SEO                92   target 100: MISSES target',
      '    FCP 1000 ms   LCP 1500 ms   TBT 20 ms   CLS 0.010',
      '    Performance audits that failed:',
      '      unused-javascript: Title of unused-javascript (score 0.00, Est savings of 25 KiB)',
      '    SEO audits that failed:',
      '      robots-txt: Title of robots-txt (score 0.00)',
    ]);
  });

  it('lists no audits for a category that meets its target', () => {
    const lines = formatPage(page({ performance: 0.98, seo: 1 }));
    expect(lines[1]).toBe('    Performance        98   target >= 98: meets target');
    expect(lines.some((line) => line.includes('unused-javascript'))).toBe(false);
  });
});

describe('median', () => {
  it('is the middle value, the mean of the two middle ones, or nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
