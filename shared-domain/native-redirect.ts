/**
 * Redirect URIs of native apps (RFC 8252), shared by the server (registration, authorization endpoint, consent) and
 * the credentials page (the form's hint). Two kinds are recognised:
 *
 * - loopback: `http://127.0.0.1[:port]/…` or `http://[::1][:port]/…`. A desktop app listens on whatever port the
 *   operating system gives it, so the port of a request is ignored when compared with the registered URI, and only
 *   for these IP literals. `localhost` is not one of them: the name can be resolved to something else than the loopback
 *   interface (by a hosts file or a firewall), so a `localhost` URI is an ordinary web URI, matched exactly, port
 *   included.
 * - private-use scheme: `com.example.app:/cb`, a scheme in reverse-domain form (lower case, at least one period), as
 *   the operating system hands it to the app that claimed it. Without a period it could be any app's (`myapp:`), and
 *   `javascript:`, `data:`, `file:` or `http:` are no app at all; those never match this rule.
 *
 * Every other URI is compared as an exact string.
 */

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?(?=[/?]|$)/;
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const PRIVATE_USE = new RegExp(`^([a-z](?:[a-z0-9-]*[a-z0-9])?(?:\\.${LABEL})+):/`);

/** The URI without the port of its loopback IP literal, or null when it is not a loopback redirect URI. */
function loopbackWithoutPort(uri: string): { host: string; port: string | undefined; rest: string } | null {
  const match = LOOPBACK.exec(uri);
  if (!match || !isWellFormed(uri)) return null;
  const port = match[2];
  // Stryker disable next-line all: isWellFormed's URL parse already refuses a port over 65535; the bound is said here.
  if (port !== undefined && Number(port) > 65535) return null;
  return { host: match[1], port, rest: uri.slice(match[0].length) };
}

function isWellFormed(uri: string): boolean {
  if (/[\s\p{Cc}#]/u.test(uri)) return false;
  try {
    const url = new URL(uri);
    return url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export function isLoopbackRedirectUri(uri: string): boolean {
  return loopbackWithoutPort(uri) !== null;
}

/** A private-use URI scheme of reverse-domain form, followed by a path (`:/path`) or an authority (`://…`). */
export function isPrivateUseSchemeUri(uri: string): boolean {
  return PRIVATE_USE.test(uri) && isWellFormed(uri);
}

/**
 * Does a requested redirect URI name this registered one? Exact string equality, except that a loopback IP literal's
 * port may differ (RFC 8252 §7.3): same scheme, same literal, same path and query.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  const left = loopbackWithoutPort(registered);
  const right = loopbackWithoutPort(requested);
  return left !== null && right !== null && left.host === right.host && left.rest === right.rest;
}

export function registeredRedirectUri(registered: readonly string[], requested: string): boolean {
  return registered.some((uri) => redirectUriMatches(uri, requested));
}

/**
 * Is this the redirect URI of an app on the user's device, and where does the answer go: the loopback host and port,
 * or the scheme. Null for a web application.
 */
export function nativeRedirect(uri: string): { kind: 'loopback' | 'privateUse'; target: string } | null {
  const loopback = loopbackWithoutPort(uri);
  if (loopback)
    return {
      kind: 'loopback',
      target: loopback.port === undefined ? loopback.host : `${loopback.host}:${loopback.port}`,
    };
  const scheme = PRIVATE_USE.exec(uri);
  return scheme && isWellFormed(uri) ? { kind: 'privateUse', target: scheme[1] } : null;
}
