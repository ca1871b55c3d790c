import type { StoredAmazonLogin } from '#machines/amazon-callback/amazon-callback.machine.ts';
import { paths } from '../app/paths.ts';

/**
 * Login with Amazon from the SPA's side (docs/api/oauth.md): the state and PKCE verifier live in sessionStorage under
 * `lwa:<state>` between the login page and /pages/cb, and are taken (read and removed) exactly once.
 */
const KEY_PREFIX = 'lwa:';

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(byteLength: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface AmazonLoginStart {
  authorizeUrl: string;
  clientId: string;
  returnTo: string | null;
}

/** Stores a fresh state and verifier, and answers the Amazon authorize URL to navigate to. */
export async function prepareAmazonLogin({ authorizeUrl, clientId, returnTo }: AmazonLoginStart): Promise<string> {
  const state = randomToken(16);
  const codeVerifier = randomToken(32);
  const entry: StoredAmazonLogin = { codeVerifier, returnTo };
  sessionStorage.setItem(KEY_PREFIX + state, JSON.stringify(entry));
  const url = new URL(authorizeUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'profile',
    redirect_uri: `${window.location.origin}${paths.callback}`,
    state,
    code_challenge: await pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Reads and removes the entry of `state`; null when there is none or it is not ours. */
export function takeAmazonLogin(state: string | null): StoredAmazonLogin | null {
  if (!state) return null;
  try {
    const raw = sessionStorage.getItem(KEY_PREFIX + state);
    sessionStorage.removeItem(KEY_PREFIX + state);
    const value = raw ? (JSON.parse(raw) as Partial<StoredAmazonLogin>) : null;
    if (!value || typeof value.codeVerifier !== 'string') return null;
    return { codeVerifier: value.codeVerifier, returnTo: typeof value.returnTo === 'string' ? value.returnTo : null };
  } catch {
    return null;
  }
}
