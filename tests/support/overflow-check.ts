/**
 * How the overflow browser test and the screenshot gallery go through the pages of tests/support/overflow-pages.ts:
 * every page and dialog state in one language, each settled before it is handed over; what scrolls sideways; and
 * a wide table's action reached by scrolling the table, as on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { inLocale } from './long-values.ts';
import type { OverflowPage } from './overflow-pages.ts';
import { uiText } from './ui-text.ts';

/** What scrolls sideways right now: the document, or the content of an open dialog. */
export function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      // Mantine's modal content is the dialog itself; its body must not scroll either.
      for (const box of [
        dialog,
        ...dialog.querySelectorAll<HTMLElement>('.mantine-Modal-body, .mantine-Drawer-body'),
      ]) {
        const name = [...box.classList].find((c) => c.startsWith('mantine-')) ?? box.tagName.toLowerCase();
        if (box.scrollWidth > box.clientWidth) found.push(`dialog ${name} ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    return found;
  });
}

/**
 * Column labels that break inside a word ("Use" above "r"): the page wraps long values anywhere so that they never push
 * it sideways, and a label must not be taken for one. Latin words only: CJK text breaks between characters by design.
 */
export function labelsBrokenInsideAWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const th of document.querySelectorAll('th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\p{Script=Latin}+/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(`column label "${th.textContent?.trim()}" breaks inside "${word[0]}"`);
        }
      }
    }
    return found;
  });
}

/** Lays the page out at another width and waits for the frame that shows it. */
export async function resize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Fonts loaded and no transition running: a dialog still sliding in is not yet the state a user looks at. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const moving = () =>
      document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    for (let waited = 0; moving() && waited < 3000; waited += 50) await new Promise((done) => setTimeout(done, 50));
  });
}

export interface WalkOptions {
  locale: string;
  /** The narrowest width: pages load and dialogs open at it (where a wide table has to be scrolled). */
  width: number;
  height: number;
  /** Called once each state shows, with its name (e.g. "credentials create grant form"). */
  onState: (name: string) => Promise<void>;
  /** When given, a page that fails is reported here and the walk goes on; otherwise the error is thrown. */
  onError?: (target: OverflowPage, err: Error) => void;
}

/** Opens each page in the language, then each of its dialogs step by step, handing over every state. */
export async function walkStates(page: Page, targets: readonly OverflowPage[], options: WalkOptions): Promise<void> {
  const say = (english: string) => uiText(options.locale, english);
  for (const target of targets) {
    try {
      await resize(page, options.width, options.height);
      await page.goto(inLocale(target.path, options.locale));
      await target.ready?.(page, say);
      await page.waitForLoadState('networkidle');
      await settle(page);
      // The language really is the one asked for (the query outranks the browser's).
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== options.locale) throw new Error(`${target.name} is in ${lang}, not ${options.locale}`);
      await options.onState(target.name);
      for (const dialog of target.dialogs ?? []) {
        for (const step of dialog.steps) {
          await resize(page, options.width, options.height);
          await step.act(page, say);
          await page.getByRole('dialog').first().waitFor();
          await settle(page);
          await options.onState(
            dialog.steps.length > 1 ? `${target.name} ${dialog.name} ${step.name}` : `${target.name} ${dialog.name}`,
          );
        }
        await (dialog.close ?? ((p: Page) => p.keyboard.press('Escape')))(page, say);
        await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
      }
    } catch (err) {
      if (!options.onError) throw err;
      options.onError(target, err as Error);
    }
  }
}

interface Placement {
  /** The nearest ancestor that scrolls sideways, if any. */
  scroller: { left: number; right: number; scrollLeft: number } | null;
  button: { left: number; right: number; x: number; y: number };
  /** The button (or its content) is what a click at its centre would hit. */
  onTop: boolean;
  pageScrollX: number;
}

function placement(action: Locator): Promise<Placement> {
  return action.evaluate((button) => {
    let box = button.parentElement;
    while (
      box &&
      box !== document.body &&
      !(box.scrollWidth > box.clientWidth && /auto|scroll/.test(getComputedStyle(box).overflowX))
    ) {
      box = box.parentElement;
    }
    const b = button.getBoundingClientRect();
    const x = b.left + b.width / 2;
    const y = b.top + b.height / 2;
    const c = box && box !== document.body ? box.getBoundingClientRect() : null;
    return {
      scroller: c && box ? { left: c.left, right: c.right, scrollLeft: box.scrollLeft } : null,
      button: { left: b.left, right: b.right, x, y },
      onTop: button.contains(document.elementFromPoint(x, y)),
      pageScrollX: window.scrollX,
    };
  });
}

/**
 * A table too wide for the screen scrolls inside its own container, and its action column can be reached there:
 * the action starts out of sight, a sideways wheel over the table scrolls the table (never the page) until it shows,
 * and a click where it shows lands on it. Throws saying which of these failed.
 */
export async function clickAfterScrollingTable(page: Page, action: Locator): Promise<void> {
  await action.waitFor({ state: 'attached' });
  // Up or down to the row first, as a user would (the page may scroll vertically, never sideways).
  await action.evaluate((button) => {
    const b = button.getBoundingClientRect();
    window.scrollBy(0, b.top + b.height / 2 - window.innerHeight / 2);
  });
  const before = await placement(action);
  if (!before.scroller)
    throw new Error('nothing around the action scrolls sideways: the table fits, or it widens the page instead');
  if (before.button.right <= before.scroller.right)
    throw new Error('the action column shows without scrolling: the table fits');
  await page.mouse.move((before.scroller.left + before.scroller.right) / 2, before.button.y);
  let now = before;
  for (let tries = 0; now.scroller && now.button.right > now.scroller.right && tries < 40; tries++) {
    await page.mouse.wheel(200, 0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    now = await placement(action);
  }
  if (!now.scroller || now.button.right > now.scroller.right || now.button.left < now.scroller.left) {
    throw new Error(
      `scrolling the table sideways did not bring its action into view (scrollLeft ${now.scroller?.scrollLeft})`,
    );
  }
  if (now.pageScrollX !== 0)
    throw new Error(`the page scrolled sideways by ${now.pageScrollX} px instead of the table`);
  if (!now.onTop) throw new Error('something covers the action where it shows');
  await page.mouse.click(now.button.x, now.button.y);
}
