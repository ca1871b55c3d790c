import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { sha256Hex } from '#server/lib/opaque-secret.ts';
import { nativeRedirect, registeredRedirectUri } from '#shared-domain/native-redirect.ts';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { findClient } from '../clients/clients.service.ts';
import { consentCovers } from '../consent/consent.service.ts';
import { insertAuthorizationRequest } from './authorization-requests.repository.ts';
import { allowedScope, type OAuthModelConfig, toOAuthClient } from './oauth.model.ts';
import { isOAuthError, OAuthRequest, OAuthResponse, oauthServer } from './oauth-server.ts';
import type { OAuthClient, OAuthUser } from './oauth-user.ts';
import { INVALID_TARGET, knownResource, ONE_RESOURCE, UNKNOWN_RESOURCE } from './resource-indicators.ts';

/** BASE64URL(SHA-256(verifier)): 32 bytes, 43 characters without padding (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The query of GET /api/oauth/authorize, carried through the consent pages to GET /api/consent. */
export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  /** `none`, `consent` or `login` (OpenID Connect's semantics, docs/api/oauth.md). */
  prompt?: string;
  /** `query`, the only one advertised (response_modes_supported). */
  response_mode?: string;
  /** Alexa Together's tracking id (product.md §2), kept with the consent. */
  tracking_id?: string;
  /** RFC 8707 resource indicators, every occurrence (one is accepted); none means the default resource. */
  resource?: string[];
}

export interface AuthorizingUser {
  userId: string;
  groupId: string;
  isOwner: boolean;
}

/**
 * What the browser should do next. `errorPage` is for requests whose client or redirect URI we cannot trust: they
 * are never sent back to the client (RFC 6749 §4.1.2.1), the user sees our error page instead.
 */
export type AuthorizeOutcome =
  | {
      kind: 'errorPage';
      description: 'invalid_client' | 'invalid_redirect_uri' | 'invalid_request' | typeof UNKNOWN_REQUEST;
    }
  | { kind: 'login' }
  | { kind: 'redirect'; location: string };

/** The error page's description for a consent answer naming no pending request of this user (translated by the SPA). */
export const UNKNOWN_REQUEST = 'unknown_authorization_request';

/** How long the consent page may take: a user reads it, so minutes, not the code's seconds. */
export const AUTHORIZATION_REQUEST_TTL_MS = 10 * 60_000;

/** What a code is issued for: a client, one of its registered URIs, and scopes already inside every rule. */
export interface CodeGrant {
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  /** The RFC 8707 resource the tokens will be for; null or absent for the default resource. */
  resource?: string | null;
}

type Prompt = 'none' | 'consent' | null;
type Checked =
  | { ok: false; outcome: AuthorizeOutcome }
  | ({ ok: true; applicationName: string; prompt: Prompt } & CodeGrant);

/** GET /api/oauth/authorize: log in first, then a code at once when the consent is remembered, else the consent page. */
export async function authorize(
  db: Db,
  config: OAuthModelConfig,
  params: AuthorizeParams,
  user: AuthorizingUser | null,
): Promise<AuthorizeOutcome> {
  const checked = await checkRequest(db, config, params, user);
  if (!checked.ok) return checked.outcome;
  if (checked.prompt !== 'consent' && (await consentCovers(db, user!.userId, checked.client.id, checked.scopes))) {
    return issueCode(db, config, params, checked, user!);
  }
  if (checked.prompt === 'none') {
    return {
      kind: 'redirect',
      location: clientRedirect(config.oauth.issuer, checked.redirectUri, {
        error: 'consent_required',
        error_description: 'The user has not consented to this request',
        state: params.state,
      }),
    };
  }
  // The consent page and its Accept name the request by this handle; the query after it is only for compatibility
  // with the spec's parameters and decides nothing (docs/api/oauth.md step 5).
  const handle = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertAuthorizationRequest(db, {
    handleHash: sha256Hex(handle),
    userId: user!.userId,
    clientId: checked.client.id,
    redirectUri: checked.redirectUri,
    scope: checked.scopes.join(' '),
    state: params.state ?? null,
    codeChallenge: params.code_challenge || null,
    codeChallengeMethod: params.code_challenge ? (params.code_challenge_method ?? 'S256') : null,
    resource: checked.resource ?? null,
    trackingId: params.tracking_id?.slice(0, 200) || null,
    createdAt: now,
    expiresAt: now + AUTHORIZATION_REQUEST_TTL_MS,
  });
  const consent = new URLSearchParams(
    definedOnly({
      request: handle,
      scope: checked.scopes.join(' '),
      application_name: checked.applicationName,
      client_id: params.client_id,
      redirect_uri: checked.redirectUri,
      state: params.state,
      response_type: 'code',
      code_challenge: params.code_challenge,
      code_challenge_method: params.code_challenge ? (params.code_challenge_method ?? 'S256') : undefined,
      tracking_id: params.tracking_id,
    }),
  );
  return { kind: 'redirect', location: `${pagePaths.consent}?${consent}` };
}

export const DENIAL_DESCRIPTION = 'user denied authorization request';

async function checkRequest(
  db: Db,
  config: OAuthModelConfig,
  params: AuthorizeParams,
  user: AuthorizingUser | null,
): Promise<Checked> {
  const found = params.client_id ? await findClient(db, params.client_id) : null;
  if (found?.grantType !== 'authorization_code') return fail({ kind: 'errorPage', description: 'invalid_client' });
  // Exact string match against a registered URI (a loopback IP literal's port aside), and a missing one is not
  // guessed: nothing else is ever redirected to.
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !registeredRedirectUri(found.redirectUris, redirectUri)) {
    return fail({ kind: 'errorPage', description: 'invalid_redirect_uri' });
  }

  // From here on the redirect URI is trusted, so problems go back to the client as the protocol says.
  if (params.state !== undefined && !/^[\x20-\x7e]*$/.test(params.state)) {
    return fail({
      kind: 'redirect',
      location: clientRedirect(config.oauth.issuer, redirectUri, {
        error: 'invalid_request',
        error_description: 'Invalid parameter: `state`',
      }),
    });
  }
  const back = (error: string, error_description: string) =>
    fail({
      kind: 'redirect',
      location: clientRedirect(config.oauth.issuer, redirectUri, { error, error_description, state: params.state }),
    });
  const prompt = parsePrompt(params.prompt);
  if (prompt === 'login') return back('invalid_request', 'prompt=login is not supported');
  if (prompt === undefined) return back('invalid_request', 'Invalid parameter: `prompt`');
  // prompt=none never shows a page, the login page included.
  if (!user) return prompt === 'none' ? back('login_required', 'The user is not logged in') : fail({ kind: 'login' });

  if (!params.response_type) return back('invalid_request', 'Missing parameter: `response_type`');
  if (params.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported');
  // A client that asked for the answer in a fragment or a form post would not find it in the query: say so instead.
  if (params.response_mode !== undefined && params.response_mode !== 'query') {
    return back('invalid_request', 'Invalid parameter: `response_mode` (query is the only one supported)');
  }
  if (params.code_challenge_method !== undefined && params.code_challenge_method !== 'S256') {
    return back('invalid_request', 'code_challenge_method must be S256');
  }
  if (params.code_challenge_method !== undefined && !params.code_challenge) {
    return back('invalid_request', 'Missing parameter: `code_challenge`');
  }
  // Without a method the challenge is plain (RFC 7636 §4.3), which is not offered; and an S256 challenge is a SHA-256
  // digest in base64url (§4.2). Either would become a code no verifier can redeem, so the client hears it now.
  if (params.code_challenge && params.code_challenge_method === undefined) {
    return back('invalid_request', 'Missing parameter: `code_challenge_method` (S256; plain is not supported)');
  }
  if (params.code_challenge && !S256_CHALLENGE.test(params.code_challenge)) {
    return back('invalid_request', 'Invalid parameter: `code_challenge` (43 base64url characters for S256)');
  }
  // An app on the device cannot keep its secret, and another app may listen on a loopback port or claim the same
  // scheme: only the PKCE verifier ties the code to the app that asked (RFC 8252 §8.1).
  if (!params.code_challenge && nativeRedirect(redirectUri)) {
    return back('invalid_request', 'Missing parameter: `code_challenge` (required for native apps)');
  }
  let resource: string | null = null;
  if (params.resource) {
    if (params.resource.length > 1) return back(INVALID_TARGET, ONE_RESOURCE);
    resource = knownResource(config, params.resource[0]!);
    if (!resource) return back(INVALID_TARGET, UNKNOWN_RESOURCE);
  }
  const client = toOAuthClient(found);
  const requested = (params.scope ?? '').split(' ').filter(Boolean);
  const scopes = allowedScope(requested, client, user.isOwner);
  if (!scopes) return back('invalid_scope', 'The requested scope is invalid, unknown, or beyond this account');
  return { ok: true, client, applicationName: found.applicationName, redirectUri, scopes, prompt, resource };
}

/**
 * The prompt parameter: a space-separated list (OpenID Connect Core). `none` alone never shows a page; `consent`
 * shows the consent page even when the consent is remembered; `select_account` means nothing with one session.
 * `login` is refused rather than pretended (re-authentication is not offered); `none` with another value or an
 * unknown value is malformed: undefined.
 */
function parsePrompt(value: string | undefined): Prompt | 'login' | undefined {
  const values = new Set((value ?? '').split(' ').filter(Boolean));
  if ([...values].some((v) => !['none', 'consent', 'login', 'select_account'].includes(v))) return undefined;
  if (values.has('none')) return values.size === 1 ? 'none' : undefined;
  if (values.has('login')) return 'login';
  return values.has('consent') ? 'consent' : null;
}

/**
 * The library validates the request once more, stores the code (hashed) and builds the redirect with code and state.
 * `db` may be a transaction: every query of the library's model then runs inside it.
 */
export async function issueCode(
  db: Db,
  config: OAuthModelConfig,
  params: Pick<AuthorizeParams, 'client_id' | 'state' | 'code_challenge' | 'code_challenge_method'>,
  checked: CodeGrant,
  user: AuthorizingUser,
): Promise<AuthorizeOutcome> {
  // The library hands the user to saveAuthorizationCode, which stores the resource with the code.
  const oauthUser: OAuthUser = {
    id: user.userId,
    groupId: user.groupId,
    isOwner: user.isOwner,
    resource: checked.resource ?? undefined,
  };
  const query = definedOnly({
    response_type: 'code',
    client_id: params.client_id,
    redirect_uri: checked.redirectUri,
    scope: checked.scopes.join(' '),
    state: params.state,
    code_challenge: params.code_challenge,
    code_challenge_method: params.code_challenge_method,
  });
  const request = new OAuthRequest({ method: 'GET', headers: {}, query, body: {} });
  const response = new OAuthResponse({});
  try {
    await oauthServer(db, config).authorize(request, response, {
      authenticateHandler: { handle: async () => oauthUser },
    });
  } catch (err) {
    // The library wraps our own failures as server_error; those are bugs to log, not answers for the client.
    if (!isOAuthError(err) || err.name === 'server_error') throw (err as { inner?: unknown }).inner ?? err;
    if (!response.get('location')) return { kind: 'errorPage', description: 'invalid_request' };
  }
  const location = new URL(response.get('location') as string);
  location.searchParams.set('iss', config.oauth.issuer);
  return { kind: 'redirect', location: location.toString() };
}

/**
 * An authorization response at the client's redirect URI (keeping the URI's own query), with `iss`: every response,
 * code or error, names its issuer (RFC 9207), so a client of several authorization servers can tell who answered.
 */
export function clientRedirect(
  issuer: string,
  redirectUri: string,
  params: Record<string, string | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

function fail(outcome: AuthorizeOutcome): Checked {
  return { ok: false, outcome };
}
