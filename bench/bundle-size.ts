/**
 * What /pages/login makes the browser download before the form appears: the entry chunk named by dist/index.html (the
 * login page is built into it), its static imports and the default locale's part of the catalog for the landing page
 * (main.tsx awaits it before the first render; scripts/first-screen-catalog.ts), each chunk's CSS included. Chunks are followed through Vite's manifest, sizes are gzip -9
 * of the built files.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFile {
  file: string;
  kind: 'js' | 'css';
  gzipBytes: number;
}

export interface BundleReport {
  files: BundleFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export const LOGIN_ROUTE_SOURCE = 'src/flows/login/login-page.tsx';
export const DEFAULT_CATALOG_SOURCE = 'locales/en-us/messages.po?first-screen';

export function measureLoginBundle(distDir: string): BundleReport {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error(`no ${distDir}/.vite/manifest.json: run \`npm run build\` (build.manifest must be on)`);
  }
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();

  // The HTML is the truth about what loads first; the manifest only explains how the chunks hang together.
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g))
    files.add(match[1]);

  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const visited = new Set<string>();
  const follow = (key: string) => {
    if (visited.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    visited.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) follow(imported);
  };

  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && files.has(chunk.file));
  if (!entry) throw new Error('dist/index.html names no entry chunk of the manifest');
  for (const file of [...files]) {
    const key = byFile.get(file);
    if (key) follow(key);
  }
  // The login page is built into the entry chunk (scripts/first-screen-chunk.ts), so it has no chunk of its own;
  // its source map says it is really there.
  const entrySources = (
    JSON.parse(readFileSync(join(distDir, `${entry[1].file}.map`), 'utf8')) as { sources: string[] }
  ).sources;
  for (const source of [LOGIN_ROUTE_SOURCE, DEFAULT_CATALOG_SOURCE]) {
    if (manifest[source]) follow(source);
    else if (!entrySources.some((file) => file.endsWith(source)))
      throw new Error(`the build has no chunk with ${source}`);
  }

  const measured = [...files].map(
    (file): BundleFile => ({
      file,
      kind: file.endsWith('.css') ? 'css' : 'js',
      gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
    }),
  );
  measured.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (kind: BundleFile['kind']) =>
    measured.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzipBytes, 0);
  return { files: measured, jsGzipBytes: sum('js'), cssGzipBytes: sum('css') };
}

export interface WireReport {
  rawBytes: number;
  /** What a browser sending `Accept-Encoding: br` receives: each file's `.br` from the build, else the file itself. */
  brotliBytes: number;
}

/** The login page's first load as the server sends it: the document plus the files measureLoginBundle found. */
export function measureLoginWire(distDir: string, bundle: BundleReport): WireReport {
  let rawBytes = 0;
  let brotliBytes = 0;
  for (const file of ['index.html', ...bundle.files.map((f) => f.file)]) {
    const raw = statSync(join(distDir, file)).size;
    rawBytes += raw;
    brotliBytes += existsSync(join(distDir, `${file}.br`)) ? statSync(join(distDir, `${file}.br`)).size : raw;
  }
  return { rawBytes, brotliBytes };
}

/**
 * The same-run baseline: bench/bare-stack (the mandated libraries on one page, nothing of ours) built by the same Vite,
 * plugins and minifier, everything it emits measured the same way. Our first load divided by this says what the
 * portal adds on top of the stack it must use.
 */
export async function measureBareStack(): Promise<BundleReport> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = mkdtempSync(join(tmpdir(), 'bare-stack-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root: resolve('bench/bare-stack'),
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const assets = join(outDir, 'assets');
    const measured = readdirSync(assets)
      .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
      .map(
        (file): BundleFile => ({
          file,
          kind: file.endsWith('.css') ? 'css' : 'js',
          gzipBytes: gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
        }),
      );
    const sum = (kind: BundleFile['kind']) =>
      measured.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzipBytes, 0);
    return { files: measured, jsGzipBytes: sum('js'), cssGzipBytes: sum('css') };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
