/**
 * The landing page's catalog: for each language, only the messages the first screen's modules use (about a fifth of
 * the catalog), imported as `locales/<locale>/messages.po?first-screen`. The login page hydrates with it and loads the
 * whole catalog afterwards, before any other page renders (src/app/i18n.ts).
 *
 * Which messages those are follows from the catalog itself, not from a list: every message names the source files it
 * comes from (`#:` in the PO file), and the first-screen build groups the landing page's modules
 * (scripts/first-screen-chunk.ts). Where no such group is known (the probe build, the server entry, tests) the
 * import is the whole catalog.
 */
import { relative } from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import type { Plugin } from 'vite';

export const FIRST_SCREEN_QUERY = '?first-screen';

/** Keeps the messages any of whose source files the first screen loads. */
export function firstScreenMessages(
  messages: Record<string, string>,
  origins: Record<string, { origin?: readonly (readonly [string, ...unknown[]])[] }>,
  firstScreen: ReadonlySet<string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) => origins[id]?.origin?.some(([file]) => firstScreen.has(file)) ?? false),
  );
}

/** `firstScreen` answers the source files (relative to the project) of the first screen, or null when unknown. */
export function firstScreenCatalogPlugin(firstScreen: () => ReadonlySet<string> | null): Plugin {
  let config: LinguiConfigNormalized;
  return {
    name: 'portal:first-screen-catalog',
    configResolved() {
      config = getConfig();
    },
    load: {
      filter: { id: /\.po\?first-screen$/ },
      async handler(id) {
        const file = id.slice(0, -FIRST_SCREEN_QUERY.length);
        const found = getCatalogForFile(relative(config.rootDir, file), await getCatalogs(config));
        if (!found) throw new Error(`${file} is none of lingui.config's catalogs`);
        this.addWatchFile(file);
        const { locale, catalog } = found;
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        const modules = firstScreen();
        const kept = modules ? firstScreenMessages(messages, (await catalog.read(locale)) ?? {}, modules) : messages;
        return { code: createCompiledCatalog(locale, kept, { namespace: 'es' }).source, moduleType: 'js' };
      },
    },
  };
}
