import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '#server/db/database.ts';
import { sha256Hex } from '#server/lib/opaque-secret.ts';
import { activeAccessToken, findAccessToken, type KnownAccessToken } from './access-tokens.ts';
import { authenticateRequestClient, basicCredentialsOf, type ProtocolRequest } from './client-auth.ts';
import type { OAuthModelConfig } from './oauth.model.ts';
import { OAuthRequest, OAuthResponse, oauthServer } from './oauth-server.ts';
import { grantedResource } from './resource-indicators.ts';
import { insertRevokedAccessToken } from './revoked-access-tokens.repository.ts';
import { findTokenByRefreshHash, revokeFamily, revokeTokenRow, type TokenRecord } from './tokens.repository.ts';

export interface TokenEndpointResult {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * POST /api/oauth/token: authorization_code (PKCE), client_credentials and refresh_token, all decided by the library
 * over our model. Failures are thrown as the library's OAuthError, which the protocol routes render per RFC 6749 §5.2.
 */
export async function exchangeToken(
  db: Db,
  config: OAuthModelConfig,
  request: ProtocolRequest,
): Promise<TokenEndpointResult> {
  refuseUnsupportedGrant(request);
  // Parsed once for both the library's headers and the model's context.
  const basic = basicCredentialsOf(request);
  const req = new OAuthRequest({
    method: 'POST',
    headers: libraryHeaders(request.headers, basic),
    query: {},
    body: request.body,
  });
  const res = new OAuthResponse({});
  // The library keeps the token request to itself; the model needs its RFC 8707 resource and who is asking.
  const clientId = basic?.clientId ?? request.body.client_id;
  const context = { resource: request.body.resource, clientId, grantType: request.body.grant_type ?? '' };
  await oauthServer(db, config, context).token(req, res);
  return { headers: res.headers as Record<string, string>, body: res.body as Record<string, unknown> };
}

/** What metadata.ts advertises; the library also knows `password`, which this server never grants. */
const SUPPORTED_GRANT_TYPES: readonly string[] = ['authorization_code', 'client_credentials', 'refresh_token'];

/**
 * A grant type this server does not have is unsupported_grant_type (RFC 6749 §5.2) for every client; the library
 * would call the password grant unauthorized_client, as if another client might use it. A missing grant type and a
 * body that is not a form stay the library's invalid_request.
 */
function refuseUnsupportedGrant(request: ProtocolRequest): void {
  const grantType = request.body.grant_type;
  const isForm = String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  if (isForm && grantType && !SUPPORTED_GRANT_TYPES.includes(grantType)) {
    throw new OAuth2Server.UnsupportedGrantTypeError('Unsupported grant type: `grant_type` is invalid');
  }
}

/**
 * RFC 7009. A refresh token takes its whole family with it (every token descended from the same authorization); an
 * access token takes its own issuance: its row is marked, or, for a client_credentials token that has none, its jti
 * is listed until it expires (decision 0021). Unknown tokens and other clients' tokens are answered like success and
 * left alone, so the endpoint reveals nothing about tokens the caller does not hold.
 */
export async function revokeToken(db: Db, config: OAuthModelConfig, request: ProtocolRequest): Promise<void> {
  const client = await authenticateRequestClient(db, request);
  // Required (RFC 7009 §2.1): a request without it is a client bug worth reporting, not a revocation that happened.
  if (!request.body.token) throw new OAuth2Server.InvalidRequestError('Missing parameter: `token`');
  const found = await findToken(db, config, request.body.token, request.body.token_type_hint);
  if (!found) return;
  const now = Date.now();
  if (found.kind === 'refresh_token') {
    if (found.row.clientId === client.id) await revokeFamily(db, found.row.familyId, now);
    return;
  }
  const { access } = found;
  if (access.stored) {
    if (access.row.clientId === client.id) await revokeTokenRow(db, access.row.id, now);
    return;
  }
  if (access.claims.client_id !== client.clientId) return;
  await insertRevokedAccessToken(db, {
    jti: access.claims.jti,
    clientId: client.id,
    expiresAt: access.claims.exp * 1000,
    revokedAt: now,
  });
}

export type Introspection = { active: false } | ({ active: true } & Record<string, unknown>);

/**
 * RFC 7662. An access token is judged by activeAccessToken (access-tokens.ts): its row for user grants, its signature,
 * the revocation list and the client's current state for client_credentials; a refresh token by its row. Revocation,
 * consent removal and a secret change therefore show at once, on every instance. A client may introspect only tokens
 * issued to it: for anything else, as for unknown, expired or revoked tokens, the answer is inactive.
 */
export async function introspectToken(
  db: Db,
  config: OAuthModelConfig,
  request: ProtocolRequest,
): Promise<Introspection> {
  const client = await authenticateRequestClient(db, request);
  // Required (RFC 7662 §2.1): "inactive" would be an untrue answer about a request that named no token.
  if (!request.body.token) throw new OAuth2Server.InvalidRequestError('Missing parameter: `token`');
  const found = await findToken(db, config, request.body.token, request.body.token_type_hint);
  if (!found) return { active: false };
  const now = Date.now();
  if (found.kind === 'access_token') {
    // The caller is the client the token must name, read just now by its authentication.
    const active = await activeAccessToken(db, config, found.access, client, now);
    if (!active) return { active: false };
    return {
      active: true,
      scope: active.scope,
      client_id: client.clientId,
      sub: active.userId ?? client.clientId,
      token_type: 'Bearer',
      exp: active.exp,
      iat: active.iat,
      iss: config.oauth.issuer,
      aud: active.aud,
      jti: active.jti,
    };
  }
  const { row } = found;
  if (row.clientId !== client.id || row.revokedAt !== null || row.refreshUsedAt !== null) return { active: false };
  if (row.refreshExpiresAt === null || row.refreshExpiresAt <= now) return { active: false };
  return {
    active: true,
    scope: row.refreshScope ?? row.scope,
    client_id: client.clientId,
    sub: row.userId ?? client.clientId,
    token_type: 'refresh_token',
    exp: Math.floor(row.refreshExpiresAt / 1000),
    iat: Math.floor(row.createdAt / 1000),
    iss: config.oauth.issuer,
    aud: grantedResource(config, row.resource),
  };
}

type FoundToken = { kind: 'access_token'; access: KnownAccessToken } | { kind: 'refresh_token'; row: TokenRecord };

/** The hint only orders the lookups (RFC 7009 §2.1); a JWT we signed is an access token, anything else may be a refresh token. */
async function findToken(
  db: Db,
  config: OAuthModelConfig,
  token: string | undefined,
  hint: string | undefined,
): Promise<FoundToken | null> {
  if (!token) return null;
  const asAccess = async (): Promise<FoundToken | null> => {
    const access = await findAccessToken(db, config, token);
    return access ? { kind: 'access_token', access } : null;
  };
  const asRefresh = async (): Promise<FoundToken | null> => {
    const row = await findTokenByRefreshHash(db, sha256Hex(token));
    return row ? { kind: 'refresh_token', row } : null;
  };
  const [first, second] = hint === 'refresh_token' ? [asRefresh, asAccess] : [asAccess, asRefresh];
  return (await first()) ?? (await second());
}

/**
 * The library reads Basic credentials without undoing their form-encoding (RFC 6749 §2.3.1), so a client that
 * escapes, say, '-' as %2D would never match: hand it the decoded pair instead.
 */
function libraryHeaders(
  headers: ProtocolRequest['headers'],
  basic: ReturnType<typeof basicCredentialsOf>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(', ');
  }
  if (basic) out.authorization = `Basic ${Buffer.from(`${basic.clientId}:${basic.secret}`, 'utf8').toString('base64')}`;
  return out;
}
