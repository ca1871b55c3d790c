/**
 * Lighthouse on the public pages as a person on a phone meets them: Lighthouse's default config (mobile emulation,
 * simulated throttling) driving Debian's Chromium through puppeteer-core, against the real server on the built dist/
 * with a fresh SQLite database. The consent page is measured on a real pending authorization request of a logged-in
 * user: the page a third-party application sends people to.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { CLAIMS_COOKIE, SESSION_COOKIE } from '../shared-domain/login.ts';
import { CHROMIUM_ARGS, requireChromium } from '../tests/support/chromium.ts';
import { authorizeUrl, navigate, registerClient, startOAuthTestServer } from '../tests/support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../tests/support/server.ts';
import { CATEGORIES, combineRuns, type PageFigures, type RunSummary, summariseRun } from './lighthouse-report.ts';

export interface LighthouseResult {
  pages: PageFigures[];
  lighthouseVersion: string;
  /** What Lighthouse emulated, as its report states it, e.g. "mobile, simulate throttling: RTT 150 ms, ...". */
  emulation: string;
  browserVersion: string;
  seconds: number;
}

interface Target {
  name: string;
  path: string;
  /** A URL to measure, made fresh for every run. */
  url(): Promise<string>;
  /** Where the page's tabs open; the default context (logged out) when absent. */
  context?: BrowserContext;
}

/** No config: Lighthouse's default is the mobile preset. The full-page screenshot only feeds the HTML report. */
const FLAGS: Flags = { logLevel: 'error', onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true };

const CONSENT_SCOPE = 'user:read camera:write alert:read';

export async function measureLighthouse({ runs = 1 } = {}): Promise<LighthouseResult> {
  if (!existsSync(join('dist', 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first');
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`Lighthouse runs per page must be a whole number from 1, not ${runs}`);
  const started = performance.now();
  // The mail worker polls at the production interval, as in the throughput bench, so it costs what it would.
  const server = await startOAuthTestServer({ MAIL_POLL_MS: '1000' });
  const userDataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: requireChromium(),
      // puppeteer's `headless: true` is --headless=new.
      headless: true,
      args: CHROMIUM_ARGS,
      userDataDir,
      // Lighthouse sets the phone's screen itself; a puppeteer viewport would fight it.
      defaultViewport: null,
      timeout: 30_000,
    });
    const consent = await consentTarget(server, browser);
    const targets: Target[] = [
      ...[
        ['Login', '/pages/login'],
        ['Sign up', '/pages/signup'],
        ['Recover', '/pages/recover'],
      ].map(([name, path]) => ({
        name,
        path,
        url: async () => `${server.url}${path}`,
      })),
      consent,
    ];
    let lighthouseVersion = '';
    let emulation = '';
    const pages: PageFigures[] = [];
    for (const target of targets) {
      const summaries: RunSummary[] = [];
      for (let run = 0; run < runs; run++) {
        const tab = await (target.context ?? browser).newPage();
        try {
          const result = await lighthouse(await target.url(), FLAGS, undefined, tab);
          if (!result) throw new Error(`Lighthouse returned no result for ${target.path}`);
          lighthouseVersion = result.lhr.lighthouseVersion;
          emulation = describeEmulation(result.lhr.configSettings);
          // Lighthouse leaves the page loaded: its heading shows which page was measured (consent, not an error).
          const heading = await tab.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? '');
          summaries.push({ ...summariseRun(result.lhr), heading });
        } finally {
          await tab.close();
        }
      }
      pages.push(combineRuns(target.name, target.path, summaries));
    }
    return {
      pages,
      lighthouseVersion,
      emulation,
      browserVersion: await browser.version(),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await browser?.close();
    await server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

function describeEmulation(settings: Result['configSettings']): string {
  const { rttMs, throughputKbps, cpuSlowdownMultiplier } = settings.throttling;
  return `${settings.formFactor}, ${settings.throttlingMethod} throttling: RTT ${rttMs} ms, ${throughputKbps} kbps, CPU slowdown ${cpuSlowdownMultiplier}x`;
}

/**
 * A verified developer with an OAuth client, logged in inside a browser context of its own, so the session cookies
 * are exactly the ones the server set (Lighthouse keeps cookies between runs; it clears caches and storage). Each run
 * gets its own pending authorization request: GET /api/oauth/authorize with that session answers with the consent
 * page's URL.
 */
async function consentTarget(server: TestServer, browser: Browser): Promise<Target> {
  const email = 'bench.developer@example.com';
  const owner = await createUser(server, { email, name: 'Bench Developer', owner: true, apiAccess: true });
  const client = await registerClient(server, owner, { grantType: 'authorization_code', applicationName: 'Care App' });

  // A context of its own: in the default one, the logged-out pages would send the logged-in user on to the account.
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  try {
    // Any same-origin document will do to log in from; this one loads no scripts a later run could find cached.
    await tab.goto(`${server.url}/.well-known/oauth-authorization-server`);
    const status = await tab.evaluate(
      async (body) =>
        (await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
      JSON.stringify({ username: email, password: DEFAULT_TEST_PASSWORD }),
    );
    if (status !== 200) throw new Error(`logging in the bench user answered ${status}`);
  } finally {
    await tab.close();
  }
  const cookie = (await context.cookies())
    .filter((c) => c.name === SESSION_COOKIE || c.name === CLAIMS_COOKIE)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

  return {
    name: 'Consent',
    path: '/pages/consent',
    context,
    url: async () => {
      const { status, location } = await navigate(
        await authorizeUrl(server, { client, scope: CONSENT_SCOPE, state: 'bench' }),
        cookie,
      );
      if (status !== 302 || !location?.startsWith('/pages/consent?')) {
        throw new Error(`authorize answered ${status} ${location ?? ''}, not the consent page`);
      }
      return new URL(location, server.url).toString();
    },
  };
}
