import { type ComponentType, use } from 'react';
import { matchRoutes, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { LANDING_PAGE_SOURCE } from '#shared-domain/page-render.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { loadPublicConfig } from '../lib/public-config.ts';
import { completeCatalog } from './i18n.ts';
import { paths } from './paths.ts';

/** What every page module exports (src/flows/<flow>/<name>-page.tsx). */
interface PageModule {
  Component: ComponentType;
}
type LoadPage = () => Promise<PageModule>;

/** The gallery is internal: unless the server says it is served, its address is not found and mermaid never loads. */
async function statechartsGallery(): Promise<PageModule> {
  return (await loadPublicConfig()).statechartsGallery === true
    ? import('../flows/statecharts/statecharts-page.tsx')
    : import('../flows/not-found/not-found-page.tsx');
}

// Every page module, each its own chunk. Globbed rather than imported one by one so that a route knows the file it
// renders: the server reads it from `handle.source` to name the page's chunks in the document (modulepreload).
const pageModules = import.meta.glob('../flows/*/*-page.tsx') as Record<string, LoadPage>;

/**
 * One promise per key while it is pending or fulfilled; a failed one (a deploy replaced the chunk, the network
 * dropped) is forgotten, so the next visit tries again.
 */
function once<K, T>(cache: Map<K, Promise<T>>, key: K, start: () => Promise<T>): Promise<T> {
  let promise = cache.get(key);
  if (!promise) {
    promise = start();
    promise.catch(() => cache.delete(key));
    cache.set(key, promise);
  }
  return promise;
}

/** Each page module's download, shared by every route that shows it; the module itself once it has arrived. */
const downloads = new Map<LoadPage, Promise<PageModule>>();
const loaded = new Map<LoadPage, PageModule>();
const loadModule = (load: LoadPage) =>
  once(downloads, load, async () => {
    const module = await load();
    loaded.set(load, module);
    return module;
  });

/** A page navigated to: its module and, unless it is the landing page, the whole catalog of the language. */
const arrivals = new Map<LoadPage, Promise<PageModule>>();
const arrive = (load: LoadPage, wholeCatalog: boolean) =>
  once(
    arrivals,
    load,
    async () => (await Promise.all([loadModule(load), wholeCatalog ? completeCatalog() : undefined]))[0],
  );

/**
 * A page that downloads its module on first use. Navigations are transitions (the router wraps them), so the page
 * being left stays on screen until the next one has arrived; a module already here renders at once, which is what
 * hydration needs.
 */
function LazyPage({ load, wholeCatalog }: { load: LoadPage; wholeCatalog: boolean }) {
  const { Component } = loaded.get(load) ?? use(arrive(load, wholeCatalog));
  return <Component />;
}

/** A route for the page in src/flows/<file>; `handle.source` is its key in Vite's manifest. */
function page(path: string | undefined, file: string): RouteObject {
  const load = pageModules[`../flows/${file}`];
  if (!load) throw new Error(`no page module src/flows/${file}`);
  const source = `src/flows/${file}`;
  const route = {
    element: <LazyPage load={load} wholeCatalog={source !== LANDING_PAGE_SOURCE} />,
    handle: { source, load },
  };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

/**
 * Every page is a lazy route, so each screen downloads only its own code; the statechart gallery (mermaid) never
 * touches the login bundle. The routes are React Router's declarative ones: no page loads data through the router,
 * and its data router would add 16 KB gzip to every first load (docs/decisions/0015-declarative-routes.md).
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    // No Suspense boundary: a page that is still downloading suspends a navigation, which the router makes a
    // transition, so the page being left stays; and a boundary would let hydration finish outside it before the page
    // inside it, while watchEarlyInput (src/lib/hydration.ts) hands the reader's typing over too early.
    element: (
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      page(undefined, 'login/login-page.tsx'),
      page(paths.login, 'login/login-page.tsx'),
      page(paths.logout, 'logout/logout-page.tsx'),
      page(paths.main, 'main/main-page.tsx'),
      page(paths.recover, 'recover/recover-page.tsx'),
      page(paths.passwordReset, 'password-reset/password-reset-page.tsx'),
      page(paths.accessDenied, 'leave-session/access-denied-page.tsx'),
      page(paths.error, 'leave-session/error-page.tsx'),
      page(paths.signup, 'signup/signup-page.tsx'),
      page(paths.signupInvited, 'signup-invited/signup-invited-page.tsx'),
      page(paths.signupVerify, 'signup-verify/signup-verify-page.tsx'),
      page(paths.signupResend, 'signup-resend/signup-resend-page.tsx'),
      page(paths.consent, 'consent/consent-page.tsx'),
      page(paths.alexaTogether, 'alexa-together/alexa-together-page.tsx'),
      page(paths.callback, 'amazon-callback/amazon-callback-page.tsx'),
      page(paths.authorizedApps, 'authorized-apps/authorized-apps-page.tsx'),
      page(paths.credentials, 'credentials/credentials-page.tsx'),
      page(paths.alertForwardingConfig, 'alert-forwarding/alert-forwarding-page.tsx'),
      page(paths.alertForwardingDocs, 'alert-forwarding-docs/alert-forwarding-docs-page.tsx'),
      page(paths.deviceSessions, 'device-sessions/device-sessions-page.tsx'),
      {
        path: paths.statecharts,
        element: <LazyPage load={statechartsGallery} wholeCatalog />,
        handle: { load: statechartsGallery },
      },
      // Last: every address no route above claims, however malformed, gets the translated not-found page.
      page('*', 'not-found/not-found-page.tsx'),
    ],
  },
];

/** The page modules an address shows, in route order (outermost first), and the files the server preloads for them. */
export function matchedPages(location: string): { load: LoadPage; source?: string }[] {
  return (matchRoutes(routes, location) ?? [])
    .map(({ route }) => route.handle as { load?: LoadPage; source?: string } | undefined)
    .filter((handle): handle is { load: LoadPage; source?: string } => typeof handle?.load === 'function');
}

/** Whether an address shows the landing page, whose first screen needs only its own part of the catalog. */
export function isLandingPage(location: string): boolean {
  const pages = matchedPages(location);
  return pages.length > 0 && pages.every(({ source }) => source === LANDING_PAGE_SOURCE);
}

/**
 * Loads the page modules the current address needs before the first render: hydration must produce the markup the
 * server sent, not a blank page waiting for a download. (The catalog is the caller's: see main.tsx.)
 */
export async function loadMatchedRoutes(location: string): Promise<void> {
  await Promise.all(matchedPages(location).map(({ load }) => loadModule(load)));
}

/** The portal's pages, under whichever router holds the address (BrowserRouter, StaticRouter, a test's router). */
export function AppRoutes() {
  return useRoutes(routes);
}
