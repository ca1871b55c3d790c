/**
 * Accessibility checks for the browser tests: axe-core's WCAG 2.2 A/AA rules run inside the real page.
 *
 * `watchAxe` makes the check automatic. It injects axe into every document the page loads and scans the page each
 * time it settles into a new state (a new address, or a dialog opening or closing), so every page and dialog a spec
 * walks through is checked without the spec naming them. `expectNoAxeViolations` checks the current state on demand.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface AxeFinding {
  /** The state that was scanned: address plus open dialogs. */
  state: string;
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's own account of what is wrong (for contrast: the two colours and the ratio), so a fix needs no rerun. */
  summary?: string;
}

interface PageAxe {
  run(): Promise<AxeFinding[]>;
  flush(): Promise<void>;
}

declare global {
  interface Window {
    __portalAxe?: PageAxe;
    axe?: typeof axe;
  }
}

/**
 * Runs in the page (serialised by Playwright, so self-contained). Installs `window.__portalAxe` and, when `report`
 * is given, a watcher that scans every new state once the DOM has been quiet for a moment, so that a dialog's
 * opening transition or a loading spinner is not caught half-way.
 */
function installInPage({ tags, watch, origin }: { tags: string[]; watch: boolean; origin?: string }) {
  const QUIET_MS = 400;
  const seen = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingResolve: (() => void)[] = [];

  const stateKey = () => {
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
      .map((d) => {
        const labelledBy = d.getAttribute('aria-labelledby');
        const label = labelledBy ? document.getElementById(labelledBy)?.textContent : d.getAttribute('aria-label');
        return label?.trim() || 'dialog';
      })
      .join(' + ');
    return location.pathname + location.search + location.hash + (dialogs ? ` [dialog: ${dialogs}]` : '');
  };

  const run = (): Promise<AxeFinding[]> => {
    const next = chain.then(async () => {
      const state = stateKey();
      const result = await window.axe!.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.flatMap((v) =>
        v.nodes.map((n) => ({
          state,
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
          summary: n.failureSummary?.replace(/\s+/g, ' ').trim(),
        })),
      );
    });
    chain = next.catch(() => undefined);
    return next;
  };

  const scanIfNew = async () => {
    const key = stateKey();
    // Only the portal is under test: not the stand-in third-party pages a flow redirects to.
    if (seen.has(key) || !document.body || (origin && location.origin !== origin)) return;
    seen.add(key);
    try {
      // Let opening transitions (a dialog fading in, a list expanding) finish: half-faded text is no real state.
      for (let waited = 0; waited < 3000; waited += 100) {
        const moving = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        if (!moving) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const findings = await run();
      const report = (window as unknown as { __portalAxeReport?: (state: string, f: AxeFinding[]) => Promise<void> })
        .__portalAxeReport;
      if (report) await report(key, findings);
    } catch {
      // A scan interrupted by a navigation is repeated on the next document.
    }
  };

  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void scanIfNew().then(() => {
        if (timer === undefined) {
          const waiting = pendingResolve;
          pendingResolve = [];
          for (const r of waiting) r();
        }
      });
    }, QUIET_MS);
  };

  window.__portalAxe = {
    run,
    flush: () =>
      new Promise<void>((resolve) => {
        pendingResolve.push(resolve);
        settle();
      }),
  };

  if (watch) {
    const start = () => {
      new MutationObserver(settle).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      settle();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  }
}

/** Human-readable list of findings: rule id, impact, rule summary and the offending selectors. */
export function formatAxeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `  [${f.impact ?? 'unknown'}] ${f.id} on ${f.state}: ${f.help}\n      ${f.targets.join('\n      ')}` +
        (f.summary ? `\n      ${f.summary}` : ''),
    )
    .join('\n');
}

/** Runs axe on the page as it is now and returns the violations (one entry per offending node). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const installed = await page.evaluate(() => Boolean(window.__portalAxe));
  if (!installed) {
    await page.addScriptTag({ content: axe.source });
    await page.evaluate(installInPage, { tags: [...AXE_TAGS], watch: false });
  }
  return page.evaluate(() => window.__portalAxe!.run());
}

/** Fails with every violation's rule id, impact and selectors when the page as it is now breaks a WCAG A/AA rule. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const findings = await axeViolations(page);
  if (findings.length > 0) {
    throw new Error(
      `axe found ${findings.length} accessibility violation(s) on ${label}:\n${formatAxeFindings(findings)}`,
    );
  }
}

/**
 * Scans every state the page settles into from now on, on `origin` only when given. Call before the first navigation; `check()` waits for the
 * last scan and returns everything found so far.
 */
export async function watchAxe(
  page: Page,
  origin?: string,
): Promise<{ check(): Promise<AxeFinding[]>; scanned: string[] }> {
  const findings: AxeFinding[] = [];
  const scanned: string[] = [];
  await page.exposeFunction('__portalAxeReport', (state: string, found: AxeFinding[]) => {
    scanned.push(state);
    findings.push(...found);
  });
  await page.addInitScript({
    content: `${axe.source}\n;(${installInPage.toString()})(${JSON.stringify({ tags: AXE_TAGS, watch: true, origin })});`,
  });
  return {
    /** The states scanned so far, for tests of this watcher. */
    scanned,
    async check() {
      if (!page.isClosed()) {
        await page.evaluate(() => window.__portalAxe?.flush()).catch(() => undefined);
      }
      return findings;
    },
  };
}
