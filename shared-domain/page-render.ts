import type { Locale } from './locales.ts';

/**
 * The contract between the server and the SPA's server entry (src/entry-server.tsx, built to dist-server/): the
 * server asks for the first screen of a page, in a language, with the request's surroundings.
 */
export interface PageRenderRequest {
  /** The full URL of the page asked for (origin, path, query). */
  url: string;
  locale: Locale;
  /** The body of GET /api/config, as the SPA would fetch it. */
  config: unknown;
  hostname: string;
  /** The request's Cookie header: the page may read the public session claims, as in the browser. */
  cookie: string;
  /**
   * What the page would otherwise fetch first, fetched by the server for this request (the consent pages' request
   * description, as its API answers it), or undefined. Sent along in the document for the SPA's first render.
   */
  data?: unknown;
}

export interface PageRenderResult {
  /** The markup of #root. */
  html: string;
  /** The translated document title the page set, if it set one. */
  title: string | null;
  /** The source files of the page modules rendered (keys of Vite's manifest), for modulepreload. */
  modules: string[];
}

/**
 * The page most readers land on (`/` and the login address): its first screen is built as one chunk with a catalog of
 * its own messages (scripts/first-screen-chunk.ts), which the server preloads and the SPA loads for it.
 */
export const LANDING_PAGE_SOURCE = 'src/flows/login/login-page.tsx';

export type RenderPage = (request: PageRenderRequest) => Promise<PageRenderResult>;
