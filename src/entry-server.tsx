/**
 * The server's half of the first paint: renders a page's first screen to HTML with the same tree main.tsx hydrates
 * (StrictMode → providers → router), in the language and with the surroundings of the request. Built to
 * dist-server/ by `npm run build`; the server loads it (server/modules/site/page-document.ts).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { RenderPage } from '../shared-domain/page-render.ts';
import { i18n, loadCatalog } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadMatchedRoutes, matchedPages } from './app/router.tsx';
import { HydrationDone } from './lib/hydration.ts';
import { type PageEnv, ServerPageEnvProvider } from './lib/page-env.ts';
import { toPublicConfig } from './lib/public-config.ts';

export const render: RenderPage = async ({ url, locale, config, hostname, cookie, data }) => {
  const { pathname, search } = new URL(url);
  await loadMatchedRoutes(pathname);
  const messages = await loadCatalog(locale);
  // From here on nothing awaits: the shared i18n instance keeps this request's language for the whole render.
  i18n.load(locale, messages);
  i18n.activate(locale);
  const env: PageEnv = { config: toPublicConfig(config), hostname, cookie, data };
  const html = renderToString(
    // The same tree as main.tsx's, down to the context provider, so React's ids match on hydration.
    <StrictMode>
      <ServerPageEnvProvider value={env}>
        <Providers>
          <HydrationDone />
          <StaticRouter location={`${pathname}${search}`}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </ServerPageEnvProvider>
    </StrictMode>,
  );
  const modules = matchedPages(pathname)
    .map(({ source }) => source)
    .filter((source): source is string => typeof source === 'string');
  return { html, title: env.title ?? null, modules };
};
