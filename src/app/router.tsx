import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/route-error.tsx';
import { loadPublicConfig } from '../lib/public-config.ts';
import { paths } from './paths.ts';

const notFound = () => import('../flows/not-found/not-found-page.tsx');

/** The gallery is internal: unless the server says it is served, its address is not found and mermaid never loads. */
async function statechartsGallery() {
  return (await loadPublicConfig()).statechartsGallery === true ? import('../flows/statecharts/statecharts-page.tsx') : notFound();
}

/**
 * Every page is a lazy route, so each screen downloads only its own code; the statechart gallery (mermaid) never
 * touches the login bundle. Later flows add their routes here.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('../flows/login/login-page.tsx') },
      { path: paths.login, lazy: () => import('../flows/login/login-page.tsx') },
      { path: paths.logout, lazy: () => import('../flows/logout/logout-page.tsx') },
      { path: paths.main, lazy: () => import('../flows/main/main-page.tsx') },
      { path: paths.recover, lazy: () => import('../flows/recover/recover-page.tsx') },
      { path: paths.passwordReset, lazy: () => import('../flows/password-reset/password-reset-page.tsx') },
      { path: paths.accessDenied, lazy: () => import('../flows/leave-session/access-denied-page.tsx') },
      { path: paths.error, lazy: () => import('../flows/leave-session/error-page.tsx') },
      { path: paths.signup, lazy: () => import('../flows/signup/signup-page.tsx') },
      { path: paths.signupInvited, lazy: () => import('../flows/signup-invited/signup-invited-page.tsx') },
      { path: paths.signupVerify, lazy: () => import('../flows/signup-verify/signup-verify-page.tsx') },
      { path: paths.signupResend, lazy: () => import('../flows/signup-resend/signup-resend-page.tsx') },
      { path: paths.consent, lazy: () => import('../flows/consent/consent-page.tsx') },
      { path: paths.alexaTogether, lazy: () => import('../flows/alexa-together/alexa-together-page.tsx') },
      { path: paths.callback, lazy: () => import('../flows/amazon-callback/amazon-callback-page.tsx') },
      { path: paths.authorizedApps, lazy: () => import('../flows/authorized-apps/authorized-apps-page.tsx') },
      { path: paths.credentials, lazy: () => import('../flows/credentials/credentials-page.tsx') },
      { path: paths.alertForwardingConfig, lazy: () => import('../flows/alert-forwarding/alert-forwarding-page.tsx') },
      { path: paths.alertForwardingDocs, lazy: () => import('../flows/alert-forwarding-docs/alert-forwarding-docs-page.tsx') },
      { path: paths.deviceSessions, lazy: () => import('../flows/device-sessions/device-sessions-page.tsx') },
      { path: paths.statecharts, lazy: statechartsGallery },
      // Last: every address no route above claims, however malformed, gets the translated not-found page.
      { path: '*', lazy: notFound },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
