import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './app/styles-core.ts';
import { activateLocale, detectLocale, mirrorStoredLanguage } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createRouter, loadMatchedRoutes } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { HydrationDone, markHydrated, watchEarlyInput } from './lib/hydration.ts';
import { ServerPageEnvProvider } from './lib/page-env.ts';

const container = document.getElementById('root')!;
const locale = detectLocale();
mirrorStoredLanguage();

// The catalog comes first so no page ever flashes untranslated ids (the server's document preloads it).
await activateLocale(locale);

// The server rendered this page's first screen (server/modules/site/page-document.ts) in the language it detected;
// when the browser's own detection agrees, React takes that markup over instead of painting it again. A copy of
// another address (the service worker's offline fallback) is painted afresh.
const hydrate =
  container.dataset.rendered === 'server' &&
  container.dataset.locale === locale &&
  container.dataset.url === `${window.location.pathname}${window.location.search}`;
if (hydrate) await loadMatchedRoutes(window.location.pathname);

const app = (
  <StrictMode>
    <ServerPageEnvProvider value={null}>
      <Providers>
        <HydrationDone />
        <RouterProvider router={createRouter()} />
      </Providers>
    </ServerPageEnvProvider>
  </StrictMode>
);

if (hydrate) {
  watchEarlyInput(container);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole tree: the page the reader already sees keeps responding while React takes it over.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A mismatch would mean the two renders disagree; say so where the browser tests look for it.
      onRecoverableError: (error) => console.error('hydration:', error),
    });
  });
} else {
  // A language only this browser knows (its storage): the server's markup is in another one, so it is replaced.
  markHydrated();
  container.replaceChildren();
  createRoot(container).render(app);
}

// The catalog await above may outlast the load event, so check before waiting for it.
if (document.readyState === 'complete') void registerServiceWorker();
else window.addEventListener('load', () => void registerServiceWorker());
