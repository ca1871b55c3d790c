/**
 * Browser tests (architecture.md §6): playwright-core driving Debian's Chromium against a real server. One browser and
 * one server per spec file; every test gets a fresh context (own cookies and storage) that is closed when it ends,
 * after a screenshot if it failed.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, type TestContext } from 'vitest';
import { formatAxeFindings, watchAxe } from './axe.ts';
import { CHROMIUM_ARGS, requireChromium } from './chromium.ts';
import { DEFAULT_TEST_PASSWORD, startTestServer, type TestServer, type TestServerEnv } from './server.ts';

export { CHROMIUM_PATH } from './chromium.ts';

/**
 * Chromium from apt, never a downloaded build. `launch` gives every run a fresh temporary user-data dir of its own
 * (removed on close), so no profile state survives between runs; isolation between tests comes from contexts.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

/** A real portal server for one spec file: fresh database, the built SPA from dist/ (`npm test` builds it first). */
export async function startE2eServer(overrides: TestServerEnv = {}): Promise<TestServer> {
  if (!existsSync(join('dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` before the browser tests (`npm test` does)');
  }
  return startTestServer({
    // Specs log in more often than a person would; the per-account lock stays at its real default.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    ...overrides,
  });
}

/**
 * One server and one browser for a spec file: both started before its tests and closed after them. The spec keeps
 * its own `server` and `browser` variables: `setupBrowserSuite((started) => ({ server, browser } = started))`.
 */
export function setupBrowserSuite(
  started: (suite: { server: TestServer; browser: Browser }) => void,
  overrides: TestServerEnv = {},
): void {
  let suite: { server: TestServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startE2eServer(overrides), launchBrowser()]);
    suite = { server, browser };
    started(suite);
  });
  afterAll(async () => {
    await suite?.browser.close();
    await suite?.server.close();
  });
}

export interface CliUserInput {
  email: string;
  name: string;
  password?: string;
  owner?: boolean;
  apiAccess?: boolean;
  /** The email of a group owner: the user joins that group as a secondary user (`--group-of`). */
  groupOf?: string;
}

/**
 * Creates a verified user by running the operator CLI (`npm run admin -- create-user ...`) against the test server's
 * database, exactly as the README tells an operator to.
 */
export async function createUserWithCli(
  server: TestServer,
  input: CliUserInput,
): Promise<{ email: string; password: string }> {
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const args = [
    'server/cli/admin.ts',
    'create-user',
    '--email',
    input.email,
    '--name',
    input.name,
    '--password',
    password,
  ];
  if (input.owner) args.push('--owner');
  if (input.apiAccess) args.push('--api-access');
  if (input.groupOf) args.push('--group-of', input.groupOf);
  // Set explicitly, even when empty (= SQLite), so a developer's .env cannot point the CLI at another database.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: server.config.dataDir,
    DATABASE_URL: server.config.databaseUrl ?? '',
  };
  try {
    await promisify(execFile)(process.execPath, args, { env, timeout: 30_000 });
  } catch (err) {
    const { stderr, stdout } = err as { stderr?: string; stdout?: string };
    throw new Error(`admin create-user failed:\n${stderr ?? ''}${stdout ?? ''}`, { cause: err });
  }
  return { email: input.email, password };
}

let screenshotDir: string | null = null;
let screenshotCount = 0;

/** Where failure screenshots go: E2E_ARTIFACTS_DIR if set, else one temp dir per run. */
export function artifactsDir(): string {
  if (!screenshotDir) {
    const chosen = process.env.E2E_ARTIFACTS_DIR;
    if (chosen) mkdirSync(chosen, { recursive: true });
    screenshotDir = chosen ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  }
  return screenshotDir;
}

/** Saves a full-page screenshot named after the test and prints where it went; never throws. */
export async function screenshotOnFailure(page: Page, testName: string): Promise<string | null> {
  const slug = testName
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  // A test may hold several pages: number the shots so none overwrites another.
  const file = join(artifactsDir(), `${String(++screenshotCount).padStart(2, '0')}-${slug}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    console.error(`[e2e] failure screenshot: ${file} (page was ${page.url()})`);
    return file;
  } catch (err) {
    console.error(`[e2e] could not take a failure screenshot: ${(err as Error).message}`);
    return null;
  }
}

export interface OpenPageOptions extends BrowserContextOptions {
  /** Base URL for relative `page.goto` paths. */
  baseURL: string;
  /**
   * Scan every page and dialog state the test reaches with axe (WCAG 2.2 A/AA) and fail the test on a violation.
   * On by default; turn off only with a comment naming the rule that cannot be met yet.
   */
  axe?: boolean;
}

/**
 * A fresh context and page for one test. Every state the page settles into is scanned with axe; when the test ends
 * the violations found fail it. The page is screenshotted if the test failed, then the context is closed. (Vitest
 * runs onTestFinished before onTestFailed, so one handler does all of it in order.)
 */
export async function openPage(
  browser: Browser,
  test: Pick<TestContext, 'onTestFinished' | 'task'>,
  options: OpenPageOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const { axe = true, ...contextOptions } = options;
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    ...contextOptions,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  const scans = axe ? await watchAxe(page, new URL(options.baseURL).origin) : null;
  test.onTestFinished(async ({ task }) => {
    const failed = task.result?.state === 'fail';
    const findings = scans && !failed ? await scans.check() : [];
    if (failed || findings.length > 0) await screenshotOnFailure(page, task.fullTestName ?? task.name);
    await context.close().catch(() => undefined);
    if (findings.length > 0) {
      throw new Error(
        `axe found ${findings.length} accessibility violation(s) (WCAG 2.2 A/AA):\n${formatAxeFindings(findings)}`,
      );
    }
  });
  return { context, page };
}

/**
 * expect.poll with a patience that suits a browser on two busy cores (Vitest's default gives up after one second).
 * Use it for anything the page settles into: text, attributes, URLs, geometry.
 */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

/**
 * Waits for the page to land on `url` (a glob, as page.waitForURL takes). If it does not, the error says where the
 * page is and what it shows (its alerts, its headings, its fields' names and whether they hold a value), so a failure
 * in a CI log says why a form did not move on, not only that it did not.
 */
export async function landsOn(page: Page, url: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const shown = await page
      .evaluate(() => ({
        alerts: [...document.querySelectorAll('[role="alert"]')].map((node) => node.textContent?.trim() ?? ''),
        headings: [...document.querySelectorAll('h1, h2')].map((node) => node.textContent?.trim() ?? ''),
        fields: [...document.querySelectorAll('input')].map(
          (input) => `${input.name || input.type}: ${input.value === '' ? 'empty' : 'filled'}`,
        ),
      }))
      .catch(() => null);
    throw new Error(`expected to land on ${url}, but the page is at ${page.url()} and shows ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}
