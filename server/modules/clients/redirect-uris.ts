import { type AppError, appError } from '#server/errors.ts';
import { isPrivateUseSchemeUri } from '#shared-domain/native-redirect.ts';
import type { GrantType } from './client-scopes.ts';

/**
 * How many redirect URIs a grant may have, and how long each may be. GET /api/credentials hands these to the page,
 * which shows them in the create dialog and checks them before the server does, so the numbers live here only.
 */
export const REDIRECT_URI_LIMITS = { maxCount: 10, maxLength: 2048 } as const;

/**
 * Registered redirect URIs are matched exactly at the authorization endpoint (only a loopback IP literal's port may
 * differ, shared-domain/native-redirect.ts), so they are stored as given (trimmed). Each must be an absolute http(s)
 * URL or a native app's private-use scheme of reverse-domain form (RFC 8252 §7.1), without a fragment (RFC 6749
 * §3.1.2) or credentials. Only authorization_code clients redirect; a client_credentials client has none. Whether the
 * host is ours is only a warning in the UI (URIWarning).
 */
export function normalizeRedirectUris(grantType: GrantType, uris: readonly string[]): string[] {
  const trimmed = uris.map((u) => (typeof u === 'string' ? u.trim() : '')).filter((u) => u !== '');
  if (grantType === 'client_credentials') {
    if (trimmed.length > 0) throw invalid('A client_credentials grant takes no redirect URIs');
    return [];
  }
  if (trimmed.length === 0) throw invalid('An authorization_code grant needs at least one redirect URI');
  const { maxCount, maxLength } = REDIRECT_URI_LIMITS;
  if (trimmed.length > maxCount) {
    throw appError('TooManyRedirectUris', {
      message: `A grant may have at most ${maxCount} redirect URIs`,
      data: { limit: maxCount },
    });
  }
  for (const uri of trimmed) {
    if (uri.length > maxLength) {
      throw appError('RedirectUriTooLong', {
        message: `A redirect URI may be at most ${maxLength} characters long`,
        data: { limit: maxLength },
      });
    }
    if (!isAbsoluteHttpUrl(uri) && !isPrivateUseSchemeUri(uri)) {
      throw invalid(
        `Not an absolute http(s) URL or an app's reverse-domain scheme, without a fragment: ${uri.slice(0, 200)}`,
      );
    }
  }
  return [...new Set(trimmed)];
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  try {
    const url = new URL(value);
    const http = url.protocol === 'http:' || url.protocol === 'https:';
    // Credentials in a redirect URI would be handed to every browser that follows it.
    return http && url.hostname !== '' && !value.includes('#') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function invalid(message: string): AppError {
  return appError('InvalidRedirectUri', { message });
}
