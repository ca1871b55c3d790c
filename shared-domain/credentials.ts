/**
 * Developer credentials (product.md §3 "Client credential", §5): the wire shapes of the credentials API and the
 * redirect-URI rules the create-grant form applies before the server does.
 */
import type { Credential, CredentialLimits, OAuthEndpoints } from './contracts/clients.contract.ts';
import { isPrivateUseSchemeUri, nativeRedirect } from './native-redirect.ts';

// The wire shapes are the contract's (types only, so the SPA never loads zod).
export type {
  AlertForwardingHealth,
  Credential,
  CredentialLimits,
  GrantSecret,
  OAuthEndpoints,
} from './contracts/clients.contract.ts';

export const GRANT_TYPES = ['client_credentials', 'authorization_code'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** The longest application name a grant may have: the server refuses more, the create form stops typing there. */
export const APPLICATION_NAME_MAX_LENGTH = 100;

/** GET /api/credentials: the spec's data.clients.array, with the limits and endpoints beside it. */
export interface CredentialsOverview {
  clients: Credential[];
  limits: CredentialLimits;
  endpoints: OAuthEndpoints;
}

/** How many credentials of each grant type the account holds. */
export function countByGrantType(clients: readonly Pick<Credential, 'grant_type'>[]): Record<GrantType, number> {
  const counts: Record<GrantType, number> = { client_credentials: 0, authorization_code: 0 };
  for (const c of clients) counts[c.grant_type]++;
  return counts;
}

export interface CreateGrantPayload {
  grant_type: GrantType;
  application_name: string;
  redirect_uris?: string[];
}

/** The form's textarea holds one URI a line; blank lines and surrounding spaces mean nothing. */
export function parseRedirectUris(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Absolute http(s) or a native app's reverse-domain scheme, no fragment, no credentials: the server's rule (RFC 6749
 * §3.1.2, RFC 8252 §7.1), checked early for the form.
 */
export function isValidRedirectUri(value: string): boolean {
  if (/[\s\p{Cc}#]/u.test(value)) return false;
  if (isPrivateUseSchemeUri(value)) return true;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

export type RedirectUrisProblem =
  | 'MissingRedirectUris'
  | 'TooManyRedirectUris'
  | 'RedirectUriTooLong'
  | 'InvalidRedirectUri';

type UriLimits = Pick<CredentialLimits, 'redirect_uris_per_grant' | 'redirect_uri_length'>;

/**
 * Grants of type authorization_code need redirect URIs, client_credentials ones take none. Within the server's
 * limits, checked in the server's order: the count, then each URI's length, then its shape.
 */
export function validateRedirectUris(
  grantType: GrantType,
  text: string,
  limits: UriLimits,
): RedirectUrisProblem | null {
  if (grantType !== 'authorization_code') return null;
  const uris = parseRedirectUris(text);
  if (uris.length === 0) return 'MissingRedirectUris';
  if (uris.length > limits.redirect_uris_per_grant) return 'TooManyRedirectUris';
  if (uris.some((uri) => uri.length > limits.redirect_uri_length)) return 'RedirectUriTooLong';
  return uris.every(isValidRedirectUri) ? null : 'InvalidRedirectUri';
}

/**
 * product.md §5 URIWarning: the URIs that do not start with the portal's host. A warning only: partners host their
 * apps. A native app's URI (loopback IP literal or private-use scheme) is never on the portal's host by design: it gets
 * the neutral hint of nativeRedirectUris instead.
 */
export function foreignRedirectUris(text: string, host: string): string[] {
  const prefix = host.replace(/\/+$/, '');
  return parseRedirectUris(text).filter(
    (uri) =>
      uri !== prefix && !uri.startsWith(`${prefix}/`) && !uri.startsWith(`${prefix}?`) && nativeRedirect(uri) === null,
  );
}

/** The URIs that send the answer to an app on the user's device (RFC 8252): the form names them as such. */
export function nativeRedirectUris(text: string): string[] {
  return parseRedirectUris(text).filter((uri) => nativeRedirect(uri) !== null);
}
