import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './app/styles-core.ts';
import { activateLocale, detectLocale } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';

// The catalog comes first so no page ever flashes untranslated ids.
await activateLocale(detectLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);

// The catalog await above may outlast the load event, so check before waiting for it.
if (document.readyState === 'complete') void registerServiceWorker();
else window.addEventListener('load', () => void registerServiceWorker());
