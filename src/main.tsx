import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/styles-core.ts';
import { detectLocale } from './app/detect-locale.ts';
import { activateLocale, loadCatalog, mirrorStoredLanguage } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, isLandingPage, loadMatchedRoutes } from './app/router.tsx';
import { HydrationDone, markHydrated, watchEarlyInput } from './lib/hydration.ts';
import { ServerPageEnvProvider } from './lib/page-env.ts';

// No top-level await: the landing page's module lives in this very chunk (scripts/first-screen-chunk.ts), and awaiting
// its import while this module is still being evaluated would wait for itself.
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const locale = detectLocale();
  mirrorStoredLanguage();

  // The catalog comes first so no page ever flashes untranslated ids (the server's document preloads it). The landing
  // page needs only its own messages; any other page the whole catalog.
  const landing = isLandingPage(window.location.pathname);
  await activateLocale(locale, { firstScreenOnly: landing });

  // The server rendered this page's first screen (server/modules/site/page-document.ts) in the language it detected;
  // when the browser's own detection agrees, React takes that markup over instead of painting it again. A copy of
  // another address (the service worker's offline fallback) is painted afresh.
  const hydrate =
    container.dataset.rendered === 'server' &&
    container.dataset.locale === locale &&
    container.dataset.url === `${window.location.pathname}${window.location.search}`;
  // The page's own module comes before the first render too: React then renders (or takes over) the page at once.
  await loadMatchedRoutes(window.location.pathname);

  const app = (
    <StrictMode>
      <ServerPageEnvProvider value={null}>
        <Providers>
          <HydrationDone />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
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

  // Once the page has loaded: the service worker, and the rest of the landing page's catalog, so that the next page
  // does not wait for it. The awaits above may outlast the load event, so check before waiting for it.
  function afterLoad() {
    void import('./app/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
    if (landing) void loadCatalog(locale).catch(() => undefined);
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad);
}

// A task of its own: evaluating the entry's modules (React, Mantine, the landing page's machine) and starting the page
// (language, route, the start of hydration) were one task, the longest of a phone's page load. Between the two the
// browser can paint and answer input; the page waits one turn of the event loop.
setTimeout(() => void start(), 0);
