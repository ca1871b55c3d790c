import { GenericCode } from '../../../shared-domain/error-codes.ts';
import { AppError } from '../../errors.ts';
import type { GrantType } from './client-scopes.ts';

const MAX_URIS = 10;
const MAX_LENGTH = 2048;

/**
 * Registered redirect URIs are matched exactly at the authorization endpoint, so they are stored as given (trimmed).
 * Each must be an absolute http(s) URL without a fragment (RFC 6749 §3.1.2) or credentials. Only authorization_code clients
 * redirect; a client_credentials client has none. Whether the host is ours is only a warning in the UI (URIWarning).
 */
export function normalizeRedirectUris(grantType: GrantType, uris: readonly string[]): string[] {
  const trimmed = uris.map((u) => (typeof u === 'string' ? u.trim() : '')).filter((u) => u !== '');
  if (grantType === 'client_credentials') {
    if (trimmed.length > 0) throw invalid('A client_credentials grant takes no redirect URIs');
    return [];
  }
  if (trimmed.length === 0) throw invalid('An authorization_code grant needs at least one redirect URI');
  if (trimmed.length > MAX_URIS) throw invalid(`At most ${MAX_URIS} redirect URIs`);
  for (const uri of trimmed) {
    if (!isAbsoluteHttpUrl(uri)) throw invalid(`Not an absolute http(s) URL without a fragment: ${uri.slice(0, 200)}`);
  }
  return [...new Set(trimmed)];
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (value.length > MAX_LENGTH || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
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
  return new AppError(400, 'InvalidRedirectUri', { code: GenericCode.INVALID_REDIRECT_URI, message });
}
