/**
 * The statechart gallery renders the generated diagrams with the bundled mermaid. Mermaid needs a real layout engine,
 * so this is the only place its output can be checked (architecture.md §7): every registered flow drawn, zoomed and
 * panned, and its states linked to the screenshots that exist, and to nothing else.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statechartRegistry } from '#scripts/statecharts.registry.ts';
import { toMermaid } from '#scripts/statecharts-mermaid.ts';
import { statechartScreens } from '#scripts/statecharts-screens.ts';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer({ STATECHARTS_GALLERY: 'true' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A shot as scripts/screenshots.ts lists it in shots.json. */
const shot = (page: string, width: number) => ({
  file: `${page.replace(/ /g, '-')}-en-us-${width}.png`,
  page,
  locale: 'en-us',
  width,
});

const section = (page: Page, slug: string) => page.locator(`section[data-statechart="${slug}"]`);
const diagramOf = (page: Page, slug: string) =>
  section(page, slug).locator('svg[aria-roledescription^="stateDiagram"]');

/** Waits until mermaid has drawn (or failed to draw) every diagram on the page. */
async function allDrawn(page: Page): Promise<void> {
  await page.goto('/pages/statecharts');
  await page.getByRole('heading', { name: 'Statecharts', level: 1 }).waitFor();
  await eventually(() => page.locator('section[data-statechart]').count(), 30_000).toBe(
    Object.keys(statechartRegistry).length,
  );
  await eventually(() => page.locator('section[data-statechart][data-status="loading"]').count(), 90_000).toBe(0);
}

describe('statechart gallery', () => {
  // Mermaid draws all eighteen diagrams on one core's share of a busy machine: a page load takes a while.
  it('draws every registered machine with its states, lists the flows, shows the legends, offline', {
    timeout: 120_000,
  }, async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== server.url) foreign.push(request.url());
    });

    await allDrawn(page);
    const failures: string[] = [];
    for (const [slug, machine] of Object.entries(statechartRegistry)) {
      const status = await section(page, slug).getAttribute('data-status');
      const text = status === 'rendered' ? ((await diagramOf(page, slug).first().textContent()) ?? '') : '';
      if (status !== 'rendered') failures.push(`${slug}: ${status}`);
      // Mermaid draws its own error picture instead of throwing for some inputs.
      if (/syntax error|parse error/i.test(text)) failures.push(`${slug}: mermaid error text`);
      const missing = toMermaid(machine).states.filter((state) => !text.includes(state.label));
      if (status === 'rendered' && missing.length)
        failures.push(`${slug}: no ${missing.map((s) => s.label).join(', ')}`);
    }
    expect(failures).toEqual([]);
    // Actions and fallbacks are drawn too.
    const login = (await diagramOf(page, 'login').textContent()) ?? '';
    expect(login).toContain('[otherwise]');
    expect(login).toContain('start the lock countdown');

    // Every flow is listed with its one line, and each diagram has its legend.
    const flows = page.getByRole('navigation', { name: 'Flows' });
    for (const [slug, machine] of Object.entries(statechartRegistry)) {
      const item = flows.getByRole('listitem').filter({ has: page.getByRole('link', { name: slug, exact: true }) });
      expect(await item.textContent()).toContain((machine.root.description ?? '').replace(/\s+/g, ' ').trim());
    }
    const legend = section(page, 'login').getByTestId('statechart-legend');
    const row = legend.getByRole('row').filter({ hasText: 'InvalidEmailOrPassword' });
    expect(await row.textContent()).toContain('Invalid email or password');

    // Without a served screenshot gallery, no state links anywhere.
    expect(await page.locator('a[href^="/screenshots/"]').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Screenshots' }).count()).toBe(0);

    // The gallery is offline: nothing but the portal itself was asked for anything.
    expect(foreign).toEqual([]);
  });

  it('zooms with the buttons, the keys and Ctrl + wheel, and pans by dragging', { timeout: 120_000 }, async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await allDrawn(page);
    const credentials = section(page, 'credentials');
    const viewport = credentials.getByRole('region', { name: 'Diagram of credentials' });
    const svg = diagramOf(page, 'credentials');
    const width = async () => Number(await svg.getAttribute('width'));
    const level = credentials.getByTestId('zoom-level');

    const fitted = await width();
    const fittedLevel = await level.textContent();
    // Fitted: as wide as the box, so nothing scrolls sideways yet.
    expect(fitted).toBeLessThanOrEqual((await viewport.evaluate((el) => el.clientWidth)) + 1);

    await credentials.getByRole('button', { name: 'Zoom in' }).click();
    await eventually(width).toBeCloseTo(fitted * 1.25, 0);
    expect(await level.textContent()).not.toBe(fittedLevel);
    await credentials.getByRole('button', { name: 'Zoom out' }).click();
    await eventually(width).toBeCloseTo(fitted, 0);

    await viewport.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await eventually(width).toBeCloseTo(fitted * 1.25 * 1.25, 0);
    await page.keyboard.press('0');
    await eventually(width).toBeCloseTo(fitted, 0);

    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await eventually(width).toBeGreaterThan(fitted * 1.2);

    // Zoomed in, the drawing is wider than its box: dragging left moves it, the box scrolls right.
    const scrolled = () => viewport.evaluate((el) => el.scrollLeft);
    const before = await scrolled();
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + 40, { steps: 4 });
    await page.mouse.up();
    await eventually(scrolled).toBeGreaterThan(before + 60);
  });

  it('links states to the screenshots the served gallery lists, and only to those', {
    timeout: 120_000,
  }, async (test) => {
    // The build as the server serves it, plus a screenshot gallery (as `npm run screenshots -- --out dist/screenshots`
    // leaves it) with a shot of every state the statecharts name but one, without touching dist/ itself.
    const left = 'credentials oauth information';
    const names = [...new Set(Object.values(statechartScreens).flatMap((screens) => Object.values(screens).flat()))];
    const shots = [
      ...names.filter((name) => name !== left).map((page) => shot(page, 1280)),
      shot('credentials delete', 320),
    ];
    const root = mkdtempSync(join(tmpdir(), 'portal-statecharts-'));
    for (const entry of readdirSync('dist')) symlinkSync(resolve('dist', entry), join(root, entry));
    mkdirSync(join(root, 'screenshots'));
    for (const { file } of shots) writeFileSync(join(root, 'screenshots', file), ONE_PIXEL_PNG);
    writeFileSync(join(root, 'screenshots', 'shots.json'), JSON.stringify(shots));
    const withShots = await startE2eServer({ STATECHARTS_GALLERY: 'true', STATIC_DIR: root });
    try {
      const { page } = await openPage(browser, test, { baseURL: withShots.url });
      await allDrawn(page);

      // Every state with a shot is a link in its drawing, to its picture.
      const unlinked: string[] = [];
      for (const [slug, screens] of Object.entries(statechartScreens)) {
        for (const [state, named] of Object.entries(screens)) {
          const listed = named.filter((name) => name !== left);
          const box = diagramOf(page, slug).getByRole('link', { name: `(screenshot: ${listed[0] ?? left}, ` });
          const count = await box.count();
          if (listed.length && count !== 1) unlinked.push(`${slug} ${state}: ${count} links`);
          if (!listed.length && count !== 0) unlinked.push(`${slug} ${state}: linked to a shot that is not there`);
          // The link is the state's own box.
          const key = state.split('.').at(-1) ?? state;
          if (count === 1 && !(await box.textContent())?.includes(key)) unlinked.push(`${slug} ${state}: another box`);
        }
      }
      expect(unlinked).toEqual([]);
      const credentials = section(page, 'credentials');
      const narrow = credentials.getByRole('link', { name: 'credentials delete, 320 px' });
      expect(await narrow.getAttribute('href')).toBe('/screenshots/credentials-delete-en-us-320.png');
      expect(await credentials.getByRole('link', { name: new RegExp(left) }).count()).toBe(0);

      // And every link leads to a picture.
      const hrefs = await page
        .locator('a[href^="/screenshots/"]')
        .evaluateAll((all) => [...new Set(all.map((a) => a.getAttribute('href') ?? ''))]);
      expect(hrefs.length).toBe(shots.length);
      for (const href of hrefs) {
        const response = await page.request.get(href);
        expect(response.status(), href).toBe(200);
        expect(response.headers()['content-type'], href).toContain('image/png');
      }
    } finally {
      await withShots.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is not found, and never downloaded, on a server that does not serve it', async (test) => {
    const plain = await startE2eServer();
    try {
      const { page } = await openPage(browser, test, { baseURL: plain.url });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const response = await page.goto('/pages/statecharts');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
      await page.getByRole('link', { name: 'Go to the login page' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Statecharts' }).count()).toBe(0);
      expect(scripts.filter((path) => /statecharts-page|mermaid/i.test(path))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
