import { type PagePath, pageOf, pagePaths } from './page-paths.ts';

/**
 * Every redirect target that comes from a request (return_to, login_url) goes through safeReturnTo, on the server and
 * in the SPA alike: a page the SPA's router knows, or the OAuth authorization request the server itself sends through
 * the login page. Any other same-origin path is refused too: a GET such as /api/logout acts at once, /api/config
 * lands on raw JSON, and an unknown page would only show not-found after a successful login.
 */
const PLACEHOLDER_ORIGIN = 'http://portal.invalid';
const MAX_LENGTH = 2048;

/** When the server needs a login to answer an authorization request, it sends the browser back here afterwards. */
export const OAUTH_AUTHORIZE_PATH = '/api/oauth/authorize';

export const DEFAULT_AFTER_LOGIN = pagePaths.main;

// Opening these does something of its own (logout ends the session; cb consumes a pending Login with Amazon), so
// arriving there after a login is never what the link meant.
const NOT_A_DESTINATION = new Set<PagePath>([pagePaths.logout, pagePaths.callback]);

export function safeReturnTo<F extends string | null>(value: unknown, fallback: F): string | F {
  const url = sameOriginUrl(value);
  if (!url) return fallback;
  const rest = url.search + url.hash;
  if (url.pathname === OAUTH_AUTHORIZE_PATH) return url.pathname + rest;
  const page = pageOf(url.pathname);
  if (!page || NOT_A_DESTINATION.has(page)) return fallback;
  return page + rest;
}

/**
 * The value as a URL of this origin with its dot segments (encoded ones too) resolved, or null. `//evil.example`,
 * `/\evil.example`, `https://…`, `javascript:`, control characters and backslashes never get that far.
 */
function sameOriginUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\p{Cc}\\]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  // Stryker disable next-line ConditionalExpression: a path with one leading slash and no backslash always resolves
  // against the placeholder; the check stays as the statement of what is returned.
  return url.origin === PLACEHOLDER_ORIGIN ? url : null;
}

/** Whether a target safeReturnTo let through is the server's (the OAuth continuation), so the SPA cannot route it. */
export function isServerTarget(target: string): boolean {
  return (
    target === OAUTH_AUTHORIZE_PATH ||
    target.startsWith(`${OAUTH_AUTHORIZE_PATH}?`) ||
    target.startsWith(`${OAUTH_AUTHORIZE_PATH}#`)
  );
}
