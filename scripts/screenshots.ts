/**
 * `npm run screenshots [-- --out <dir> (default: portal-screenshots in the temp dir)] [-- --locales en-us,fi-fi] [-- --widths 320,1280]` starts a real portal
 * server on the built SPA (dist/, so run `npm run build` first) with a fresh SQLite database, seeds the longest
 * values a page can be asked to show (tests/support/long-values.ts), and saves a full-page screenshot of every page
 * and every state of each dialog a user can open there (tests/support/overflow-pages.ts), at every width and language.
 * It writes <dir>/index.html, one grid of all the shots, for a reviewer to scroll through. Shots where the page or a
 * dialog scrolls sideways are flagged in the gallery. Bounded: one browser, one page, each shot given at most 10 seconds.
 * <dir>/shots.json lists the shots that were taken: with `--out dist/screenshots` the portal serves them, and the
 * statechart gallery (/pages/statecharts) links each state it knows a shot of to the files that list names.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { LOCALES, LONG_VALUES_SERVER_ENV, seedLongValues, signIn, WIDTHS } from '../tests/support/long-values.ts';
import { resize, sidewaysScrollers, walkStates } from '../tests/support/overflow-check.ts';
import { overflowPages } from '../tests/support/overflow-pages.ts';
import { startTestServer } from '../tests/support/server.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(tmpdir(), 'portal-screenshots') },
    locales: { type: 'string', default: LOCALES.join(',') },
    widths: { type: 'string', default: WIDTHS.join(',') },
  },
});
const outDir = resolve(values.out);
const locales = values.locales.split(',').filter(Boolean);
const widths = values.widths
  .split(',')
  .map(Number)
  .filter((w) => w > 0);

if (!existsSync(join('dist', 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

interface Shot {
  file: string;
  page: string;
  locale: string;
  width: number;
  sideways: boolean;
}

const server = await startTestServer({ LOG_LEVEL: 'silent', ...LONG_VALUES_SERVER_ENV });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const shots: Shot[] = [];
const started = Date.now();
try {
  const seeded = await seedLongValues(server);
  for (const locale of locales) {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: widths[0] ?? 320, height: 800 },
    });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(30_000);
    await signIn(context, server, seeded.cookie);
    const page = await context.newPage();
    await walkStates(page, overflowPages(seeded), {
      locale,
      width: widths[0] ?? 320,
      height: 800,
      onState: async (state) => {
        const name = state.replace(/ /g, '-');
        for (const width of widths) {
          await resize(page, width, 800);
          const sideways = (await sidewaysScrollers(page)).length > 0;
          const file = `${name}-${locale}-${width}.png`;
          await page.screenshot({ path: join(outDir, file), fullPage: true, timeout: 10_000 });
          shots.push({ file, page: state, locale, width, sideways });
        }
      },
      onError: (target, err) =>
        console.error(`[screenshots] ${target.name} in ${locale}: ${err.message.split('\n')[0]}`),
    });
    await context.close();
    console.log(`[screenshots] ${locale} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }
} finally {
  await browser.close();
  await server.close();
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const figures = shots
  .map(
    (shot) =>
      `<figure${shot.sideways ? ' class="sideways"' : ''}><a href="${escapeHtml(shot.file)}"><img loading="lazy" src="${escapeHtml(shot.file)}" alt="${escapeHtml(`${shot.page} ${shot.locale} ${shot.width}px`)}"></a>` +
      `<figcaption>${escapeHtml(shot.page)} · ${escapeHtml(shot.locale)} · ${shot.width}px${shot.sideways ? ' · SCROLLS SIDEWAYS' : ''}</figcaption></figure>`,
  )
  .join('\n');
writeFileSync(
  join(outDir, 'index.html'),
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal screenshots</title>
<style>
body { font-family: sans-serif; margin: 1rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1rem; align-items: start; }
figure { margin: 0; border: 1px solid #ccc; padding: 4px; }
figure.sideways { border: 3px solid #c00; }
img { width: 100%; height: auto; max-height: 480px; object-fit: contain; object-position: top; }
figcaption { font-size: 12px; }
</style></head><body>
<h1>Portal screenshots</h1>
<p>${shots.length} shots, ${shots.filter((s) => s.sideways).length} of them scrolling sideways (red border).</p>
<div class="grid">
${figures}
</div></body></html>
`,
);
writeFileSync(
  join(outDir, 'shots.json'),
  `${JSON.stringify(shots.map(({ file, page, locale, width }) => ({ file, page, locale, width })))}\n`,
);
console.log(`[screenshots] ${shots.length} shots in ${outDir}/index.html`);
