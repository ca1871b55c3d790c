/**
 * No sideways scrolling: every page and every dialog a user can open (tests/support/overflow-pages.ts), at 320, 375,
 * 768, 1280 and 1600 px, with the longest values a page can be asked to show (tests/support/long-values.ts). Neither
 * the page nor an open dialog scrolls horizontally; a table too wide for a phone scrolls inside its own container,
 * where its action column is reached by scrolling the table and clicked (tests/support/overflow-check.ts). A column's
 * label never breaks inside a word.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, screenshotOnFailure, startE2eServer } from '../support/browser.ts';
import {
  LOCALES,
  LONG_VALUES_SERVER_ENV,
  type SeededData,
  seedLongValues,
  signIn,
  WIDTHS,
} from '../support/long-values.ts';
import { labelsBrokenInsideAWord, resize, sidewaysScrollers, walkStates } from '../support/overflow-check.ts';
import { overflowPages, type PageGroup } from '../support/overflow-pages.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let seeded: SeededData;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(LONG_VALUES_SERVER_ENV), launchBrowser()]);
  seeded = await seedLongValues(server);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// English, a CJK language and Finnish (the longest words) by default: all five take about twice as long.
const locales: readonly string[] = process.env.OVERFLOW_ALL_LOCALES ? LOCALES : ['en-us', 'ja-jp', 'fi-fi'];
const groups: readonly PageGroup[] = ['public', 'account', 'developer'];
const HEIGHT = 700;

describe('no page or dialog scrolls sideways, and no column label breaks inside a word, with the longest values', () => {
  const cases = locales.flatMap((locale) => groups.map((group) => [group, locale] as const));
  // Concurrent, each in a context of its own (what one pass adds, a grant or new keys, changes nothing another checks):
  // most of a page's time is waiting for the network to go quiet, so this takes about half as long as one by one.
  it.concurrent.for(cases)('%s pages in %s at every width', { timeout: 120_000 }, async ([group, locale], test) => {
    // A context of its own rather than openPage: this spec measures widths across a few hundred page states, and
    // the accessibility scan the other specs run on their pages would multiply its time.
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: WIDTHS[0], height: HEIGHT },
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') await screenshotOnFailure(page, task.fullTestName ?? task.name);
      await context.close().catch(() => undefined);
    });
    await signIn(context, server, seeded.cookie);
    const targets = overflowPages(seeded).filter((target) => target.group === group);
    const problems: string[] = [];
    await walkStates(page, targets, {
      locale,
      width: WIDTHS[0],
      height: HEIGHT,
      onState: async (state) => {
        for (const width of WIDTHS) {
          await resize(page, width, HEIGHT);
          for (const problem of [...(await sidewaysScrollers(page)), ...(await labelsBrokenInsideAWord(page))]) {
            problems.push(`${state} @${width}: ${problem}`);
          }
        }
      },
    });
    test.expect(problems).toEqual([]);
  });
});
