import { createContext, useContext } from 'react';
import type { PublicConfig } from '../api/auth.ts';
import { readSessionClaims } from './session.ts';

/**
 * What a page reads from its surroundings while it renders: the public configuration, the host name and the cookies.
 * In the browser these come from the document; when the server renders a page (src/entry-server.tsx) it provides the
 * request's own through this context, so both renders produce the same markup and hydration matches.
 */
export interface PageEnv {
  config: PublicConfig;
  hostname: string;
  cookie: string;
  /** What the server fetched for this page's first screen (PageRenderRequest.data). */
  data?: unknown;
  /** Written during the render by usePageTitle: the document title of the page rendered. */
  title?: string;
}

const ServerPageEnv = createContext<PageEnv | null>(null);

export const ServerPageEnvProvider = ServerPageEnv.Provider;

/** The request's surroundings on the server; null in the browser, where callers read the document's. */
export function useServerPageEnv(): PageEnv | null {
  return useContext(ServerPageEnv);
}

/** Whether the session companion cookie is present: the request's on the server, the document's in the browser. */
export function useHasSessionCookie(): boolean {
  const server = useServerPageEnv();
  return readSessionClaims(server?.cookie ?? document.cookie) !== null;
}
