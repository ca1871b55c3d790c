import { createBrowserRouter, matchRoutes, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/route-error.tsx';
import { loadPublicConfig } from '../lib/public-config.ts';
import { paths } from './paths.ts';

/** The gallery is internal: unless the server says it is served, its address is not found and mermaid never loads. */
async function statechartsGallery() {
  return (await loadPublicConfig()).statechartsGallery === true
    ? import('../flows/statecharts/statecharts-page.tsx')
    : import('../flows/not-found/not-found-page.tsx');
}

/**
 * Every page is a lazy route, so each screen downloads only its own code; the statechart gallery (mermaid) never
 * touches the login bundle. Later flows add their routes here.
 */
// Every page module, each its own chunk. Globbed rather than imported one by one so that a route knows the file it
// renders: the server reads it from `handle.source` to name the page's chunks in the document (modulepreload).
const pageModules = import.meta.glob('../flows/*/*-page.tsx') as Record<string, LazyRouteFunction<RouteObject>>;

/** A lazy route for the page in src/flows/<file>; `handle.source` is its key in Vite's manifest. */
function page(path: string | undefined, file: string): RouteObject {
  const load = pageModules[`../flows/${file}`];
  if (!load) throw new Error(`no page module src/flows/${file}`);
  const route = { lazy: load, handle: { source: `src/flows/${file}` } };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

/**
 * Every page is a lazy route, so each screen downloads only its own code; the statechart gallery (mermaid) never
 * touches the login bundle.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    errorElement: <RouteError />,
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
      { path: paths.statecharts, lazy: statechartsGallery },
      // Last: every address no route above claims, however malformed, gets the translated not-found page.
      page('*', 'not-found/not-found-page.tsx'),
    ],
  },
];

/**
 * Loads the page modules the current address needs and puts them into the routes, so that the router starts
 * initialised and renders the page at once: hydration must produce the markup the server sent, not a fallback.
 */
export async function loadMatchedRoutes(location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
