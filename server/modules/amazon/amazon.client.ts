import { type AppError, appError } from '#server/errors.ts';
import type { AmazonConfig } from '#server/oauth-config.ts';

export interface AmazonProfile {
  userId: string;
  email: string;
  name: string;
}

// Amazon answers in well under a second; a hung upstream must not hold the user's request (and a socket) for long.
const TIMEOUT_MS = 10_000;

/** Exchanges the callback's code for an access token at Amazon's token endpoint (PKCE, confidential client). */
export async function exchangeAmazonCode(config: AmazonConfig, code: string, codeVerifier: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: config.redirectUri,
    client_id: config.clientId ?? '',
    client_secret: config.clientSecret ?? '',
    code_verifier: codeVerifier,
  });
  const json = await call(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
  if (typeof json.access_token !== 'string' || json.access_token === '')
    throw amazonError('no access token from Amazon');
  return json.access_token;
}

/** Reads the Login with Amazon profile (scope `profile`): user_id, email and name. */
export async function fetchAmazonProfile(config: AmazonConfig, accessToken: string): Promise<AmazonProfile> {
  const json = await call(config.profileUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const { user_id: userId, email, name } = json;
  if (typeof userId !== 'string' || userId === '' || typeof email !== 'string' || !email.includes('@')) {
    throw amazonError('incomplete Amazon profile');
  }
  return { userId, email: email.trim(), name: typeof name === 'string' ? name.trim() : '' };
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw amazonError(`Amazon unreachable: ${(err as Error).message}`);
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json || typeof json !== 'object') throw amazonError(`Amazon answered ${response.status}`);
  return json;
}

/** Everything that goes wrong on Amazon's side is one 400 for the SPA (product.md §8: bad_request). */
export function amazonError(message: string): AppError {
  return appError('AmazonLoginFailed', { message: `Login with Amazon failed: ${message}` });
}
