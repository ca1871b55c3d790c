import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '#shared-domain/locales.ts';
import { LANDING_PAGE_SOURCE } from '#shared-domain/page-render.ts';
import type { ScriptFile } from './start-script.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface BuildAssets {
  /**
   * index.html with the stylesheets it links written into it (the first paint waits for no request), and without its
   * script and module links: every document names its script files itself (`forPage`).
   */
  template: string;
  /** What a page's first screen needs in the head, and the script files that take it over. */
  forPage(locale: Locale, modules: readonly string[]): PageAssets;
}

export interface PageAssets {
  /** The page's stylesheets written in, and the font preloads. */
  head: string[];
  /** The entry and every module the page's first render imports, the catalog, and the sheets Vite's loader checks. */
  files: ScriptFile[];
}

/**
 * The Latin faces the first screen draws with (body text and headings/buttons): preloaded, so text is not painted
 * twice when they arrive. CJK text uses the platform's fonts (src/app/fonts.css), which need no download.
 */
const ABOVE_THE_FOLD_FONTS = [/^montserrat-latin-400-normal-.*\.woff2$/, /^montserrat-latin-600-normal-.*\.woff2$/];

/**
 * What the build's manifest says about a page: its chunks and their static imports, their stylesheets, the
 * language's catalog, and the fonts. A page module's stylesheets are written into the document, so that the markup
 * the server rendered is styled at first paint.
 */
export function buildAssets(staticDir: string, indexHtml: string): BuildAssets {
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    // A build without a manifest still serves pages, with fewer hints.
  }
  let fonts: string[] = [];
  try {
    const files = readdirSync(join(staticDir, 'assets'));
    fonts = ABOVE_THE_FOLD_FONTS.flatMap((pattern) =>
      files.filter((file) => pattern.test(file)).map((file) => `assets/${file}`),
    );
  } catch {
    // No assets folder: nothing to preload.
  }

  const entry = takeScriptFiles(staticDir, indexHtml);
  const named = new Set(entry.files.map((file) => file.href.slice(1)));

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
    template: entry.template,
    forPage(locale, modules) {
      // The landing page hydrates with its own part of the catalog (scripts/first-screen-catalog.ts); others the whole.
      const landing = modules.length > 0 && modules.every((module) => module === LANDING_PAGE_SOURCE);
      const catalog = `locales/${locale}/messages.po${landing ? '?first-screen' : ''}`;
      const { scripts, styles } = chunksOf([...modules, catalog]);
      const head: string[] = [];
      const sheets: ScriptFile[] = [];
      for (const file of styles) {
        const style = inlineStylesheet(staticDir, file);
        if (style) {
          head.push(style);
          sheets.push({ kind: 'stylesheet', href: `/${file}` });
        } else head.push(stylesheetLink(file));
      }
      head.push(...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`));
      const [entryScript, ...entryRest] = entry.files;
      return {
        head,
        files: [
          ...entryRest,
          ...scripts.map((file): ScriptFile => ({ kind: 'modulepreload', href: `/${file}` })),
          ...sheets,
          ...(entryScript ? [entryScript] : []),
        ],
      };
    },
  };
}

/**
 * index.html's script, module and stylesheet links taken out, its stylesheets (the styles every page needs, about
 * 10 KB compressed) written in instead. The entry script comes first in the list it returns.
 */
function takeScriptFiles(staticDir: string, indexHtml: string): { template: string; files: ScriptFile[] } {
  const scripts: ScriptFile[] = [];
  const rest: ScriptFile[] = [];
  const template = indexHtml
    .replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g, (_, href: string) => {
      scripts.push({ kind: 'script', href });
      return '';
    })
    .replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_, href: string) => {
      rest.push({ kind: 'modulepreload', href });
      return '';
    })
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => {
      const style = inlineStylesheet(staticDir, file);
      if (!style) return stylesheetLink(file);
      rest.push({ kind: 'stylesheet', href: `/${file}` });
      return style;
    });
  return { template, files: [...scripts, ...rest] };
}

/**
 * A stylesheet written into the document, so the first paint waits for no request; or null when it cannot be (a
 * missing file, or text that would close the element). Its file is then linked for print only with the scripts: that
 * blocks nothing, and Vite's loader, which looks for a stylesheet link before it loads a page's module, finds one and
 * neither fetches the sheet again nor waits for it.
 */
function inlineStylesheet(staticDir: string, file: string): string | null {
  let css: string;
  try {
    css = readFileSync(join(staticDir, file), 'utf8');
  } catch {
    return null;
  }
  if (css.includes('</')) return null;
  return `<style data-href="/${file}">${css}</style>`;
}

const stylesheetLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
