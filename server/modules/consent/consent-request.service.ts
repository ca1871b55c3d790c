import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import { sha256Hex } from '#server/lib/opaque-secret.ts';
import type { ConsentRequestQuery } from '#shared-domain/contracts/consent.contract.ts';
import { nativeRedirect, registeredRedirectUri } from '#shared-domain/native-redirect.ts';
import { findClient } from '../clients/clients.service.ts';
import {
  consumeAuthorizationRequest,
  findPendingAuthorizationRequest,
  type PendingAuthorizationRequest,
} from '../oauth/authorization-requests.repository.ts';
import {
  type AuthorizeOutcome,
  type AuthorizingUser,
  type CodeGrant,
  clientRedirect,
  DENIAL_DESCRIPTION,
  issueCode,
  UNKNOWN_REQUEST,
} from '../oauth/authorize.service.ts';
import { allowedScope, type OAuthModelConfig, toOAuthClient } from '../oauth/oauth.model.ts';
import { rememberConsent } from './consent.service.ts';

/** GET /api/consent/request: what the consent and Alexa Together pages show, all of it from the server's records. */
export interface ConsentRequestDetails {
  /** The registered client's name, whatever the page's query says. */
  application_name: string;
  /** The account holder who registered the client (the developer), so a look-alike name has a face. */
  owner_name: string;
  /**
   * Where the answer takes the user: the host of the redirect URI, or for an app on the user's device the loopback
   * address (host and port) or the app's private-use scheme.
   */
  redirect_host: string;
  /** The redirect URI belongs to an app on the user's device (RFC 8252), not to a web site. */
  native: boolean;
  scope: string;
  /** The request asks for an alexa scope: Accept goes through the Alexa Together page. */
  alexa: boolean;
}

// A handle is 32 random bytes in base64url; anything else cannot name a request.
const HANDLE = /^[A-Za-z0-9_-]{43}$/;

type Lookup =
  | { ok: true; pending: PendingAuthorizationRequest; grant: CodeGrant | null }
  | { ok: false; reason: 'notFound' | 'mismatch' };

/**
 * The user's pending request named by the query's handle, checked against what the query also says. The spec's
 * parameters may still ride along (client_id, redirect_uri, scope); when present they must name the same request, or
 * the page was not the one the server sent. A client that no longer takes the request's redirect URI cannot be
 * answered at all: not found. `grant` is null when the scope is no longer within the user's or the client's rights
 * (the owner flag or the client changed since).
 */
async function lookUp(db: Db, query: ConsentRequestQuery, user: AuthorizingUser, now: number): Promise<Lookup> {
  if (!query.request || !HANDLE.test(query.request)) return { ok: false, reason: 'notFound' };
  const pending = await findPendingAuthorizationRequest(db, sha256Hex(query.request), user.userId, now);
  if (!pending) return { ok: false, reason: 'notFound' };
  const differs =
    (query.client_id !== undefined && query.client_id !== pending.publicClientId) ||
    (query.redirect_uri !== undefined && query.redirect_uri !== pending.redirectUri) ||
    (query.scope !== undefined && !sameScopes(query.scope, pending.scope));
  if (differs) return { ok: false, reason: 'mismatch' };
  const client = await findClient(db, pending.publicClientId);
  if (client?.grantType !== 'authorization_code' || !registeredRedirectUri(client.redirectUris, pending.redirectUri)) {
    return { ok: false, reason: 'notFound' };
  }
  const oauthClient = toOAuthClient(client);
  const scopes = allowedScope(pending.scope.split(' ').filter(Boolean), oauthClient, user.isOwner);
  return {
    ok: true,
    pending,
    grant: scopes
      ? { client: oauthClient, redirectUri: pending.redirectUri, scopes, resource: pending.resource }
      : null,
  };
}

function sameScopes(a: string, b: string): boolean {
  const left = new Set(a.split(' ').filter(Boolean));
  const right = new Set(b.split(' ').filter(Boolean));
  return left.size === right.size && [...left].every((s) => right.has(s));
}

/**
 * GET /api/consent/request. 404 ConsentRequestNotFound for an unknown, expired, answered or another user's handle
 * (one answer for all, so a handle reveals nothing); 400 ConsentRequestMismatch when the page's query names another
 * client, redirect URI or scope; 403 ConsentScopeNotAllowed when the scope is no longer within the user's rights.
 */
export async function describeConsentRequest(
  db: Db,
  query: ConsentRequestQuery,
  user: AuthorizingUser,
): Promise<ConsentRequestDetails> {
  const found = await lookUp(db, query, user, Date.now());
  if (!found.ok && found.reason === 'mismatch') {
    throw appError('ConsentRequestMismatch');
  }
  if (!found.ok) {
    throw appError('ConsentRequestNotFound');
  }
  if (!found.grant) {
    throw appError('ConsentScopeNotAllowed');
  }
  const { pending, grant } = found;
  const native = nativeRedirect(pending.redirectUri);
  return {
    application_name: pending.applicationName,
    owner_name: pending.ownerName ?? '',
    redirect_host: native ? native.target : new URL(pending.redirectUri).host,
    native: native !== null,
    scope: grant.scopes.join(' '),
    alexa: grant.scopes.some((s) => s.startsWith('alexa:')),
  };
}

/**
 * GET /api/consent (Accept, or Continue on the Alexa Together page). Only the stored request counts: its client,
 * redirect URI, scope, state and PKCE challenge. It is answered, the consent remembered and the code issued in one
 * transaction, so a handle grants at most once and a failure leaves nothing half done.
 */
export async function acceptConsentRequest(
  db: Db,
  config: OAuthModelConfig,
  query: ConsentRequestQuery,
  user: AuthorizingUser | null,
): Promise<AuthorizeOutcome> {
  if (!user) return { kind: 'login' };
  const now = Date.now();
  const found = await lookUp(db, query, user, now);
  if (!found.ok) return { kind: 'errorPage', description: UNKNOWN_REQUEST };
  const { pending, grant } = found;
  return db.transaction().execute(async (trx): Promise<AuthorizeOutcome> => {
    if (!(await consumeAuthorizationRequest(trx, pending.handleHash, user.userId, now))) {
      return { kind: 'errorPage', description: UNKNOWN_REQUEST };
    }
    if (!grant)
      return backToClient(
        config.oauth.issuer,
        pending,
        'invalid_scope',
        'The requested scope is invalid, unknown, or beyond this account',
      );
    await rememberConsent(trx, {
      userId: user.userId,
      clientId: grant.client.id,
      scopes: grant.scopes,
      trackingId: pending.trackingId,
    });
    const params = {
      client_id: pending.publicClientId,
      state: pending.state ?? undefined,
      code_challenge: pending.codeChallenge ?? undefined,
      code_challenge_method: pending.codeChallengeMethod ?? undefined,
    };
    return issueCode(trx, config, params, grant, user);
  });
}

function backToClient(
  issuer: string,
  pending: PendingAuthorizationRequest,
  error: string,
  description: string,
): AuthorizeOutcome {
  return {
    kind: 'redirect',
    location: clientRedirect(issuer, pending.redirectUri, {
      error,
      error_description: description,
      state: pending.state ?? undefined,
    }),
  };
}

/**
 * The consent page's Cancel navigates to GET /api/logout with error=access_denied. With a request handle,
 * the stored request decides where the denial goes (its redirect URI and state) and is answered; it must be the
 * user's own. Without one, a registered client and one of its exact redirect URIs named by the query hear about the
 * denial, as before handles existed, but only for a signed-in user: the consent page is only shown to one, and a
 * link opened without a session would make the portal a redirector to any URI a developer registered
 * (RFC 9700 §4.11.2). Otherwise null: the logout page.
 */
export async function denialRedirect(
  db: Db,
  issuer: string,
  query: Record<string, unknown>,
  userId: string | null,
): Promise<string | null> {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  if (text('error') !== 'access_denied') return null;
  if (query.request !== undefined) {
    const handle = text('request');
    if (!userId || !handle || !HANDLE.test(handle)) return null;
    const now = Date.now();
    const pending = await findPendingAuthorizationRequest(db, sha256Hex(handle), userId, now);
    if (!pending || !(await consumeAuthorizationRequest(db, pending.handleHash, userId, now))) return null;
    const client = await findClient(db, pending.publicClientId);
    if (!client || !registeredRedirectUri(client.redirectUris, pending.redirectUri)) return null;
    return clientRedirect(issuer, pending.redirectUri, {
      error: 'access_denied',
      error_description: DENIAL_DESCRIPTION,
      state: pending.state ?? undefined,
    });
  }
  const clientId = text('client_id');
  const redirectUri = text('redirect_uri');
  if (!userId || !clientId || !redirectUri) return null;
  const client = await findClient(db, clientId);
  if (client?.grantType !== 'authorization_code' || !registeredRedirectUri(client.redirectUris, redirectUri))
    return null;
  return clientRedirect(issuer, redirectUri, {
    error: 'access_denied',
    error_description: DENIAL_DESCRIPTION,
    state: text('state'),
  });
}
