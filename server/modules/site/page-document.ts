import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '#server/lib/html.ts';
import type { Locale } from '#shared-domain/locales.ts';
import type { PageRenderRequest, PageRenderResult, RenderPage } from '#shared-domain/page-render.ts';
import { type BuildAssets, buildAssets } from './build-assets.ts';
import { SCRIPT_FILES_ID, type ScriptFile, START_SCRIPT } from './start-script.ts';

export interface DocumentRequest extends Omit<PageRenderRequest, 'url'> {
  /** Path and query as requested. */
  path: string;
  /** Whether the page's first screen is rendered here (public pages) or left to the SPA. */
  serverRender: boolean;
}

interface Build {
  assets: BuildAssets;
  render: RenderPage | null;
}

/**
 * The document every page starts with: the build's index.html with the page's first screen rendered into #root
 * (src/entry-server.tsx), the translated title, the language on <html>, the public configuration inlined, and
 * the fonts preloaded, and the script files named: fetched in one wave after the first paint when the first screen is
 * in the HTML (start-script.ts), at once when it is not.
 * The build is re-read when index.html changes, so a rebuild is served at once.
 */
export function createPageDocuments(staticDir: string, ssrDir: string, log: FastifyBaseLogger) {
  const indexFile = join(staticDir, 'index.html');
  const entryFile = join(ssrDir, 'entry-server.js');
  let build: Promise<Build> | null = null;
  let loadedStamp = -1;

  async function load(): Promise<Build> {
    const assets = buildAssets(staticDir, readFileSync(indexFile, 'utf8'));
    let render: RenderPage | null = null;
    try {
      // Imported once per process under its plain URL: its page chunks import it back by that URL, and a second
      // instance (a cache-busting query) would give them other React contexts. A rebuilt entry needs a restart.
      render = ((await import(pathToFileURL(entryFile).href)) as { render: RenderPage }).render;
    } catch (err) {
      log.warn({ err, entryFile }, 'no server entry: pages are sent without their first screen');
    }
    return { assets, render };
  }

  function current(): Promise<Build> | null {
    let stamp: number;
    try {
      stamp = statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (!build || stamp !== loadedStamp) {
      loadedStamp = stamp;
      build = load();
    }
    return build;
  }

  /** The HTML of the document for a page, or null when there is no build. */
  return async function pageDocument(request: DocumentRequest): Promise<string | null> {
    const pending = current();
    if (!pending) return null;
    const { assets, render } = await pending;
    let body: PageRenderResult | null = null;
    if (request.serverRender && render) {
      try {
        body = await render({ ...request, url: `http://localhost${request.path}` });
      } catch (err) {
        // The SPA renders the page itself: a slower first paint, never a broken page.
        log.error({ err, path: request.path }, 'server render failed; sending the page without its first screen');
      }
    }
    const page = assets.forPage(request.locale, body?.modules ?? []);
    const head = [...page.head, inlineJson('public-config', request.config)];
    // The data goes along only with the markup made from it: the SPA's first render must be the server's.
    if (body && request.data !== undefined)
      head.push(inlineJson('page-data', { url: request.path, data: request.data }));
    // A first screen in the HTML paints before the scripts are fetched; an empty #root needs them at once.
    if (body) head.push(inlineJson(SCRIPT_FILES_ID, page.files), `<script>${START_SCRIPT}</script>`);
    else head.push(...page.files.map(scriptFileTag));
    return fillTemplate(assets.template, {
      locale: request.locale,
      title: body?.title ?? null,
      head,
      root: body ? { html: body.html, locale: request.locale, url: request.path } : null,
    });
  };
}

interface TemplateFill {
  locale: Locale;
  title: string | null;
  head: string[];
  root: { html: string; locale: Locale; url: string } | null;
}

// Every insertion is a replacer function: a replacement string reads `$\``, `$'` and `$&` as copies of the document, and
// the inserted markup holds values from the address (an email typed into the link), which would break out of their
// attribute.
function fillTemplate(template: string, fill: TemplateFill): string {
  let html = template.replace(/<html lang="[^"]*"/, () => `<html lang="${fill.locale}"`);
  if (fill.title) {
    const title = fill.title;
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  }
  html = html.replace('</head>', () => `${fill.head.join('\n')}\n</head>`);
  if (fill.root) {
    const root = fill.root;
    html = html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-rendered="server" data-locale="${root.locale}" data-url="${escapeHtml(root.url)}">` +
        `${root.html}</div>`,
    );
  }
  return html;
}

/** A JSON data block: never executed (so no CSP exception), and no value can close the element early. */
function inlineJson(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** A script file as the element that fetches it, for a document whose scripts are needed to paint anything. */
function scriptFileTag({ kind, href }: ScriptFile): string {
  if (kind === 'script') return `<script type="module" crossorigin src="${href}"></script>`;
  if (kind === 'stylesheet') return `<link rel="stylesheet" media="print" crossorigin href="${href}">`;
  return `<link rel="modulepreload" crossorigin href="${href}">`;
}
