import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../../shared-domain/locales.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface BuildAssets {
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
    manifest = JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // A build without a manifest still serves pages, with fewer hints.
  }
  const named = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  let fonts: string[] = [];
  try {
    const files = readdirSync(join(staticDir, 'assets'));
    fonts = ABOVE_THE_FOLD_FONTS.flatMap((pattern) => files.filter((file) => pattern.test(file)).map((file) => `assets/${file}`));
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
    headLinks(locale, modules) {
      const { scripts, styles } = chunksOf([...modules, `locales/${locale}/messages.po`]);
      return [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
    },
  };
}
