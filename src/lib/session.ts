import { CLAIMS_COOKIE, type SessionClaims } from '#shared-domain/login.ts';

/**
 * The credential cookie is HttpOnly; the server sets a companion cookie with the public claims only. It says that a
 * session was opened, not that it is still alive (a session ended elsewhere leaves it behind): the signed-in shell
 * asks the server before trusting it (docs/decisions/0006).
 */
export function readSessionClaims(cookie: string = document.cookie): SessionClaims | null {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CLAIMS_COOKIE}=`))
    ?.slice(CLAIMS_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const json = atob(decodeURIComponent(raw).replace(/-/g, '+').replace(/_/g, '/'));
    const value = JSON.parse(json) as Partial<SessionClaims>;
    return { apiAccess: value.apiAccess === true, isGroupOwner: value.isGroupOwner === true };
  } catch {
    return null;
  }
}

export function hasSessionCookie(): boolean {
  return readSessionClaims() !== null;
}

/**
 * product.md §3: apiAccess is cached in local storage as 'true'/'false', removed on the login page, cleared on logout.
 */
const API_ACCESS_KEY = 'apiAccess';

export function cacheApiAccess(claims: SessionClaims): void {
  safeStorage(() => localStorage.setItem(API_ACCESS_KEY, String(claims.apiAccess)));
}

export function forgetApiAccess(): void {
  safeStorage(() => localStorage.removeItem(API_ACCESS_KEY));
}

export function clearLocalStorage(): void {
  safeStorage(() => localStorage.clear());
}

/** Storage throws in some private modes; losing a cache entry must never break a page. */
function safeStorage(run: () => void): void {
  try {
    run();
  } catch {
    /* storage unavailable */
  }
}

/** Spec/issue decision (docs/decisions/0001): the OAuth credentials menu needs both claims. */
export function canSeeDeveloperMenu(claims: SessionClaims | null): boolean {
  return Boolean(claims?.apiAccess && claims.isGroupOwner);
}
