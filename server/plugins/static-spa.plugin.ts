import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PagePath, pageOf, pagePaths } from '#shared-domain/page-paths.ts';
import { appError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';
import { consentPageData } from '../modules/consent/consent-page-data.ts';
import { createPageDocuments } from '../modules/site/page-document.ts';
import { pageLocale } from '../modules/site/page-locale.ts';
import { publicConfigOf } from '../modules/site/public-config.ts';

const NOT_BUILT =
  'The web app has not been built yet: run `npm run build` (or `npm start`, which builds first), then reload.\n';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a navigation outside /api with the SPA's index.html under `status` (the SPA then shows the page, or its
     * not-found page); false when there is no build to answer with.
     */
    sendSpaDocument(reply: FastifyReply, status: number): Promise<boolean>;
  }
}

/**
 * Serves the Vite build and answers every client-side route with index.html (architecture.md §1). index.html must be
 * revalidated on each load so a deploy is picked up at once; hashed assets never change, so they cache forever.
 * Outside /api and /.well-known nothing answers JSON: a page the SPA does not know gets index.html with 404 (the SPA
 * shows its not-found page), and errors on such navigations (an undecodable URL) are answered the same way by the
 * error handler.
 */
export default globalPlugin('static-spa', async (app) => {
  const root = app.config.staticDir;
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // Every page, `/` included, gets its document from sendSpaDocument (its first screen rendered), never the bare file.
      index: false,
      // The build writes `.br` and `.gz` beside each text file (scripts/precompress.ts); the plugin picks one by
      // Accept-Encoding (br, then gzip, then the file itself; q=0 refuses), with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'static directory has no index.html; the SPA is not served');
  }

  // The gallery is internal: unless configured, its address is as unknown to the server as to the SPA.
  const isServedPage = (path: string): boolean => {
    const page = pageOf(path);
    return page !== null && (page !== pagePaths.statecharts || app.config.site.statechartsGallery);
  };

  const pageDocument = createPageDocuments(root, app.config.ssrDir, app.log);
  const siteConfig = publicConfigOf(app.config);

  app.decorate('sendSpaDocument', async (reply: FastifyReply, status: number): Promise<boolean> => {
    if (!built) return false;
    const request = reply.request;
    const path = request.url;
    const page = pageOf(pathOf(request));
    const search = new URLSearchParams(path.split('?')[1] ?? '');
    const load = page === null ? undefined : PAGE_DATA[page];
    const data = load ? ((await load(app, request, search)) ?? undefined) : undefined;
    const html = await pageDocument({
      path,
      // Public pages and the not-found page: their first screen needs no session. Signed-in pages check the session
      // first, so the SPA renders them.
      serverRender: page === null || SERVER_RENDERED_PAGES.has(page),
      data,
      locale: pageLocale({
        query: search,
        cookies: request.cookies ?? {},
        acceptLanguage: request.headers['accept-language'],
      }),
      config: siteConfig,
      hostname: request.hostname,
      cookie: request.headers.cookie ?? '',
    });
    if (html === null) return false;
    // The document differs per request, so it is compressed here; every other text file was compressed by the build.
    const encoding = acceptedEncodings(request.headers['accept-encoding'])[0] ?? null;
    reply
      .headers(app.securityHeaders)
      .status(status)
      // A page carrying the reader's own data is kept nowhere, the service worker's offline copy included.
      .header('cache-control', data === undefined ? 'no-cache' : 'no-store')
      .header('vary', 'accept-encoding, accept-language, cookie')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    await reply.send(encoding ? await compress(encoding, html) : html);
    return true;
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isNavigation(request)) {
      throw appError('NotFound');
    }
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    await app.sendSpaDocument(reply, isServedPage(pathOf(request)) ? 200 : 404);
    return reply;
  });
});

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quick settings: a document is compressed once per request, and a few KB need no more. */
function compress(encoding: Encoding, html: string): Promise<Buffer> {
  const input = Buffer.from(html);
  return encoding === 'br'
    ? brotli(input, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: input.length },
      })
    : gzipAsync(input, { level: 6 });
}

/** What a page would fetch first, fetched here so that its first screen arrives with it (null: the page fetches). */
const PAGE_DATA: Partial<Record<PagePath, typeof consentPageData>> = {
  [pagePaths.consent]: consentPageData,
  [pagePaths.alexaTogether]: consentPageData,
};

/** Pages whose first screen the server renders (src/entry-server.tsx): every page open to a reader without a session. */
const SERVER_RENDERED_PAGES = new Set<PagePath>([
  pagePaths.root,
  pagePaths.login,
  pagePaths.logout,
  pagePaths.recover,
  pagePaths.passwordReset,
  pagePaths.accessDenied,
  pagePaths.error,
  pagePaths.signup,
  pagePaths.signupInvited,
  pagePaths.signupVerify,
  pagePaths.signupResend,
  pagePaths.consent,
  pagePaths.alexaTogether,
]);

/** The q-value the client gives `coding` (RFC 9110 §12.5.3): its own entry, else `*`, else 0. */
function qualityOf(header: string | undefined, coding: Encoding): number {
  let star: number | null = null;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    if (name === coding) return quality;
    if (name === '*') star = quality;
  }
  return star ?? 0;
}

/**
 * The encodings of the build's variants the client takes, best first (br on a tie): the same choice @fastify/static
 * makes for the files it serves, made here for the document every page starts with.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const ranked = (['br', 'gzip'] as const).map((coding) => ({ coding, q: qualityOf(header, coding) }));
  return ranked
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ coding }) => coding);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

/**
 * A GET or HEAD outside /api and /.well-known: a browser loading a page (or a file of the build), never an API client.
 * Well-known addresses (RFC 8615) are read by programs, such as OAuth and OpenID discovery: an unknown one answers
 * the portal's JSON 404, never the SPA with a status a client library might misread.
 */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  return path !== '/api' && !path.startsWith('/api/') && !isWellKnown(path);
}

/** `/.well-known` and below, however its first segment is spelt (case, percent-encoding). */
function isWellKnown(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // Undecodable: compare it as sent.
  }
  return decoded.toLowerCase() === '.well-known';
}
