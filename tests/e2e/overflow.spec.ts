/**
 * No sideways scrolling: every public page and the main signed-in pages, at 320, 375, 768, 1280 and 1600 px, in all
 * five languages, with the longest values a page can be asked to show (tests/support/long-values.ts). The page never
 * scrolls horizontally and neither does an open dialog; tables too wide for a phone scroll inside their own container.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, startE2eServer } from '../support/browser.ts';
import { inLocale, LOCALES, seedLongValues, signIn, WIDTHS, type SeededData } from '../support/long-values.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let seeded: SeededData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  seeded = await seedLongValues(server);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What scrolls sideways right now: the document, or the content of an open dialog. */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      // Mantine's modal content is the dialog itself; its body must not scroll either.
      for (const box of [dialog, ...dialog.querySelectorAll<HTMLElement>('.mantine-Modal-body, .mantine-Drawer-body')]) {
        if (box.scrollWidth > box.clientWidth) found.push(`dialog ${box.className.split(' ')[0]} ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    return found;
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

// English, a CJK language and Finnish (the longest words) by default: all five take about twice as long.
const locales: readonly string[] = process.env.OVERFLOW_ALL_LOCALES ? LOCALES : ['en-us', 'ja-jp', 'fi-fi'];

describe('no page or dialog scrolls sideways, with the longest values', () => {
  it.for(locales)('in %s at every width', { timeout: 120_000 }, async (locale, test) => {
    // A context of its own rather than openPage: this spec measures widths across 200-odd page states, and the
    // accessibility scan the other specs run on their pages would multiply its time.
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: WIDTHS[0], height: 700 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') await screenshotOnFailure(page, task.fullTestName ?? task.name);
      await context.close().catch(() => undefined);
    });
    await signIn(context, server, seeded.cookie);
    const problems: string[] = [];
    const measure = async (what: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 700 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        for (const problem of await sidewaysScrollers(page)) problems.push(`${what} @${width}: ${problem}`);
      }
    };
    for (const target of seeded.pages) {
      await page.setViewportSize({ width: WIDTHS[0], height: 700 });
      await page.goto(inLocale(target.path, locale));
      await settle(page);
      // The language really is the one asked for (the query outranks the browser's).
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await measure(target.name);
      if (target.openDialog) {
        await target.openDialog(page);
        await page.getByRole('dialog').waitFor();
        await settle(page);
        await measure(`${target.name} dialog`);
      }
    }
    expect(problems).toEqual([]);
  });
});
