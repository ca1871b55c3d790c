/**
 * One chunk for everything the landing page needs before it can hydrate: the entry's static imports and the login
 * page's (React, the router, the Mantine components it uses, XState, Lingui, the page frame). Left to itself the
 * bundler splits these into some forty shared chunks by which pages use them; each costs a request (on HTTP/1.1 six at
 * a time, a round trip each on a phone) and compresses worse alone.
 *
 * Which modules those are is the bundler's own answer, not a guess: a first, in-memory build with the default
 * splitting says which chunks the entry and the login page load, after tree shaking (a module reached only through
 * a library's index of re-exports is not counted). The real build then groups exactly those modules. Other pages keep
 * their own chunks and share this one.
 */
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LANDING_PAGE_SOURCE } from '../shared-domain/page-render.ts';
import { firstScreenCatalogPlugin } from './first-screen-catalog.ts';

/** Beside the entry (index.html, whose script is src/main.tsx): the page most readers land on. */
const LANDING_PAGE = resolve(LANDING_PAGE_SOURCE);

/**
 * The other pages the server renders: what two or more of them share (beyond the first screen) goes into one more
 * chunk, so that opening one costs its own chunk and that one, not a dozen small shared ones.
 */
const PUBLIC_PAGES = [
  'signup/signup-page.tsx',
  'signup-invited/signup-invited-page.tsx',
  'signup-verify/signup-verify-page.tsx',
  'signup-resend/signup-resend-page.tsx',
  'recover/recover-page.tsx',
  'password-reset/password-reset-page.tsx',
  'consent/consent-page.tsx',
  'alexa-together/alexa-together-page.tsx',
  'logout/logout-page.tsx',
  'leave-session/error-page.tsx',
  'leave-session/access-denied-page.tsx',
  'not-found/not-found-page.tsx',
].map((file) => resolve('src/flows', file));
/** Set while the probe build runs, so that it splits by default and writes nothing. */
const PROBING = 'PORTAL_FIRST_SCREEN_PROBE';

export const isProbing = () => process.env[PROBING] === '1';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** The chunks the chosen chunks load before they run: their own and their static imports, transitively. */
function loadedChunks(
  chunks: readonly OutputChunk[],
  isRoot: (chunk: OutputChunk) => boolean,
  what: string,
): Set<OutputChunk> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file));
  };
  chunks.filter(isRoot).forEach(visit);
  if (seen.size === 0) throw new Error(`first-screen chunk: the probe build has no chunk for ${what}`);
  return seen;
}

/** The chunks the landing page loads before it can hydrate: the entry's, the page's and their static imports. */
function firstScreenChunks(chunks: readonly OutputChunk[]): Set<OutputChunk> {
  return loadedChunks(chunks, (chunk) => chunk.isEntry || chunk.facadeModuleId === LANDING_PAGE, 'the entry');
}

/** Which group each module goes to: the first screen's, the public pages' shared one, or the bundler's choice. */
export function chunkGroups(chunks: readonly OutputChunk[]): Map<string, 'first-screen' | 'public-pages'> {
  const groups = new Map<string, 'first-screen' | 'public-pages'>();
  const first = firstScreenChunks(chunks);
  // The entry's own modules too: one chunk instead of two saves the names they would import from each other (1.8 KB
  // gzip). The landing page then lives in the entry chunk, so src/main.tsx must not await its import at the top level
  // (that would wait for the entry itself to finish).
  for (const chunk of first) for (const id of chunk.moduleIds) groups.set(id, 'first-screen');
  const usedBy = new Map<OutputChunk, number>();
  for (const page of PUBLIC_PAGES) {
    for (const chunk of loadedChunks(chunks, (c) => c.facadeModuleId === page, page))
      if (!first.has(chunk)) usedBy.set(chunk, (usedBy.get(chunk) ?? 0) + 1);
  }
  for (const [chunk, pages] of usedBy) {
    if (pages >= 2) for (const id of chunk.moduleIds) groups.set(id, 'public-pages');
  }
  return groups;
}

/**
 * The chunk groups, and the landing page's own catalog (scripts/first-screen-catalog.ts), both from one probe build:
 * the catalog keeps the messages of the modules the first screen loads.
 */
export function firstScreenChunkPlugin(): Plugin[] {
  let firstScreenSources: Set<string> | null = null;
  return [chunkPlugin((sources) => (firstScreenSources = sources)), firstScreenCatalogPlugin(() => firstScreenSources)];
}

function chunkPlugin(onFirstScreen: (sources: Set<string>) => void): Plugin {
  return {
    name: 'portal:first-screen-chunk',
    apply: 'build',
    async config(_config, env) {
      if (env.isSsrBuild || isProbing()) return;
      const { build } = await import('vite');
      process.env[PROBING] = '1';
      let output: Awaited<ReturnType<typeof build>>;
      try {
        output = await build({ logLevel: 'silent', build: { write: false, sourcemap: false, manifest: false } });
      } finally {
        delete process.env[PROBING];
      }
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
        'output' in result
          ? result.output.filter((item): item is OutputChunk & typeof item => item.type === 'chunk')
          : [],
      );
      const groups = chunkGroups(chunks as unknown as OutputChunk[]);
      const sources = [...firstScreenChunks(chunks as unknown as OutputChunk[])].flatMap((chunk) => chunk.moduleIds);
      onFirstScreen(new Set(sources.map((id) => relative(process.cwd(), id.split('?')[0]))));
      return {
        build: {
          rolldownOptions: {
            // The first screen's group goes first (higher priority): a group also takes in what its modules import,
            // and the modules the landing page shares with the others must stay in its chunk.
            output: {
              codeSplitting: {
                groups: [
                  { name: 'first-screen', priority: 2, test: (id: string) => groups.get(id) === 'first-screen' },
                  {
                    name: 'public-pages',
                    priority: 1,
                    includeDependenciesRecursively: false,
                    test: (id: string) => groups.get(id) === 'public-pages',
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
