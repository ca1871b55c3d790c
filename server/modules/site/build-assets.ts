import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '#shared-domain/locales.ts';
import { LANDING_PAGE_SOURCE } from '#shared-domain/page-render.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface BuildAssets {
  /** index.html with the stylesheets it links written into it: the first paint waits for no request. */
  template: string;
  /** The <link> elements a page's first screen needs beyond what index.html already names. */
  headLinks(locale: Locale, modules: readonly string[]): string[];
}

/**
 * The Latin faces the first screen draws with (body text and headings/buttons): preloaded, so text is not painted
 * twice when they arrive. CJK text uses the platform's fonts (src/app/fonts.css), which need no download.
 */
const ABOVE_THE_FOLD_FONTS = [/^montserrat-latin-400-normal-.*\.woff2$/, /^montserrat-latin-600-normal-.*\.woff2$/];

/**
 * What the build's manifest says about a page: its chunks and their static imports, their stylesheets, the
 * language's catalog, and the fonts. A page module's stylesheets are linked, not only preloaded, so that the markup
 * the server rendered is styled at first paint.
 */
export function buildAssets(staticDir: string, template: string): BuildAssets {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    // A build without a manifest still serves pages, with fewer hints.
  }
  const named = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  let fonts: string[] = [];
  try {
    const files = readdirSync(join(staticDir, 'assets'));
    fonts = ABOVE_THE_FOLD_FONTS.flatMap((pattern) =>
      files.filter((file) => pattern.test(file)).map((file) => `assets/${file}`),
    );
  } catch {
    // No assets folder: nothing to preload.
  }

  const chunksOf = (keys: readonly string[]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return { scripts: [...scripts].filter((f) => !named.has(f)), styles: [...styles].filter((f) => !named.has(f)) };
  };

  return {
    template: lowerScriptPriority(inlineStylesheets(staticDir, template)),
    headLinks(locale, modules) {
      // The landing page hydrates with its own part of the catalog (scripts/first-screen-catalog.ts); others the whole.
      const landing = modules.length > 0 && modules.every((module) => module === LANDING_PAGE_SOURCE);
      const catalog = `locales/${locale}/messages.po${landing ? '?first-screen' : ''}`;
      const { scripts, styles } = chunksOf([...modules, catalog]);
      return [
        ...styles.flatMap((file) => inlineStylesheet(staticDir, file)),
        ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
      ];
    },
  };
}

/** index.html's stylesheet links (the styles every page needs, about 10 KB compressed) replaced by the sheets. */
function inlineStylesheets(staticDir: string, template: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) =>
    inlineStylesheet(staticDir, file, link).join(''),
  );
}

/**
 * A stylesheet written into the document, so the first paint waits for no request, followed by a link to the same
 * file for print only: it blocks nothing, and Vite's loader, which looks for a stylesheet link before it loads a
 * page's module, finds one and neither fetches the sheet again nor waits for it.
 */
function inlineStylesheet(
  staticDir: string,
  file: string,
  link = `<link rel="stylesheet" crossorigin href="/${file}">`,
): string[] {
  let css: string;
  try {
    css = readFileSync(join(staticDir, file), 'utf8');
  } catch {
    return [link];
  }
  if (css.includes('</')) return [link];
  return [
    `<style data-href="/${file}">${css}</style>`,
    `<link rel="stylesheet" media="print" crossorigin href="/${file}">`,
  ];
}

/**
 * The first screen is in the HTML, so the scripts are not needed to paint it: at low priority they leave the
 * connection to what is (the fonts, the logo), and the browser (and Lighthouse's model of it) does not count them as
 * blocking the first paint. They are still requested at once, in one wave.
 */
function lowerScriptPriority(template: string): string {
  return template
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
}
