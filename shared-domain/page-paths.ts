/**
 * Every route string of the SPA, and nothing else spells a path. It lives here rather than in src/app so the server
 * knows the same pages: return_to is checked against them, and a navigation to anything else is answered 404.
 */
export const pagePaths = {
  root: '/',
  callback: '/pages/cb',
  login: '/pages/login',
  logout: '/pages/logout',
  main: '/pages/main',
  recover: '/pages/recover',
  consent: '/pages/consent',
  alexaTogether: '/pages/alexatogether',
  passwordReset: '/pages/password/reset',
  accessDenied: '/pages/access-denied',
  error: '/pages/error',
  credentials: '/pages/credentials',
  alertForwardingConfig: '/pages/alert-forwarding-config',
  alertForwardingDocs: '/pages/docs/alert-forwarding',
  authorizedApps: '/pages/authorized-apps',
  deviceSessions: '/pages/device-sessions',
  statecharts: '/pages/statecharts',
  signup: '/pages/signup',
  signupVerify: '/pages/signup/verify',
  signupInvited: '/pages/signup/invited',
  signupResend: '/pages/signup/resend',
} as const;

export type PagePath = (typeof pagePaths)[keyof typeof pagePaths];

/** Every page but the root lives under this prefix; so does the service worker's scope (product.md §2.4). */
export const PAGES_PREFIX = '/pages/';

const byLowerCase = new Map<string, PagePath>(Object.values(pagePaths).map((path) => [path.toLowerCase(), path]));

/**
 * The page the SPA's router renders for a pathname, or null when it renders none (the not-found page). It matches
 * the way React Router does: segments percent-decoded (an encoded slash stays inside its segment), case ignored, a
 * trailing slash allowed. Undecodable input is no page.
 */
export function pageOf(pathname: string): PagePath | null {
  let decoded: string;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return null;
  }
  const trimmed = decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
  return byLowerCase.get(trimmed.toLowerCase()) ?? null;
}
