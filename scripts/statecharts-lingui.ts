/**
 * `npm run statecharts` runs on plain Node, which cannot import the message tables of src/lib: their `msg` calls are
 * Lingui macros, compiled away by the build (vite.config.ts) and by Vitest, never run. This hook compiles them the
 * same way for this one script, so the legends of docs/statecharts quote the words the pages really show.
 */
import { createRequire, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

// @babel/core ships no types (the build reaches it through @rolldown/plugin-babel); this is the one call made of it.
const { transformSync } = createRequire(import.meta.url)('@babel/core') as {
  transformSync: (source: string, options: object) => { code?: string | null } | null;
};

const MACRO = '@lingui/core/macro';

export function compileLinguiMacros(): void {
  registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      if (!url.startsWith('file:') || !/\.tsx?$/.test(url) || url.includes('/node_modules/')) return loaded;
      const source = String(loaded.source);
      if (!source.includes(MACRO)) return loaded;
      const compiled = transformSync(source, {
        filename: fileURLToPath(url),
        babelrc: false,
        configFile: false,
        // The types stay: Node strips them itself, as for every other .ts file.
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [[linguiMacro, { descriptorFields: 'all' }]],
      });
      return { ...loaded, source: compiled?.code ?? source };
    },
  });
}
