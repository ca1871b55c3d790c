/**
 * The server's half of the first paint: renders a page's first screen to HTML with the same tree main.tsx hydrates
 * (StrictMode → providers → router), in the language and with the surroundings of the request. Built to
 * dist-server/ by `npm run build`; the server loads it (server/modules/site/page-document.ts).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { RenderPage } from '../shared-domain/page-render.ts';
import { i18n, loadCatalog } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { HydrationDone } from './lib/hydration.ts';
import { ServerPageEnvProvider, type PageEnv } from './lib/page-env.ts';
import { toPublicConfig } from './lib/public-config.ts';

const handler = createStaticHandler(routes);

export const render: RenderPage = async ({ url, locale, config, hostname, cookie, data }) => {
  const context = await handler.query(new Request(url));
  // No route loads data or redirects; a Response here would be a programming error, and the SPA shell is the answer.
  if (context instanceof Response) throw new Error(`the router answered ${context.status} for ${url}`);
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
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </Providers>
      </ServerPageEnvProvider>
    </StrictMode>,
  );
  const modules = context.matches
    .map((match) => (match.route.handle as { source?: string } | undefined)?.source)
    .filter((source): source is string => typeof source === 'string');
  return { html, title: env.title ?? null, modules };
};
