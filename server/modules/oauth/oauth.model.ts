import type {
  AuthorizationCode,
  AuthorizationCodeModel,
  ClientCredentialsModel,
  RefreshToken,
  RefreshTokenModel,
  Token,
} from '@node-oauth/oauth2-server';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { newOpaqueSecret, sha256Hex } from '#server/lib/opaque-secret.ts';
import { nativeRedirect, registeredRedirectUri } from '#shared-domain/native-redirect.ts';
import { narrowScopes } from '#shared-domain/scopes.ts';
import { touchClientLastUsed } from '../clients/clients.repository.ts';
import { authenticateClient, type ClientRecord, findClient } from '../clients/clients.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { issuedAtSeconds } from './access-tokens.ts';
import {
  consumeAuthorizationCode,
  deleteExpiredAuthorizationCodes,
  findAuthorizationCode,
  insertAuthorizationCode,
} from './authorization-codes.repository.ts';
import type { OAuthClient, OAuthUser } from './oauth-user.ts';
import {
  grantedResource,
  invalidTarget,
  knownResource,
  NOT_GRANTED_RESOURCE,
  UNKNOWN_RESOURCE,
} from './resource-indicators.ts';
import { signAccessToken, signingKeyOf } from './signing-key.ts';
import { findTokenByRefreshHash, insertToken, markRefreshUsed, revokeFamily } from './tokens.repository.ts';

export type OAuthModelConfig = Pick<Config, 'oauth'>;

/**
 * What the model needs of a token request that the library does not hand it: the RFC 8707 `resource` the client asked
 * for, and the client_id it authenticates with (so a resource mismatch is reported only to the grant's own client).
 */
export interface TokenRequestContext {
  resource?: string;
  clientId?: string;
  /** The request's grant_type as sent, when it is a token request. */
  grantType?: string;
}
export type OAuthModel = AuthorizationCodeModel & ClientCredentialsModel & RefreshTokenModel;

export function toOAuthClient(client: ClientRecord): OAuthClient {
  return {
    id: client.id,
    clientId: client.clientId,
    groupId: client.groupId,
    grantType: client.grantType,
    // A code client also refreshes; a client_credentials client simply asks again.
    grants:
      client.grantType === 'authorization_code' ? ['authorization_code', 'refresh_token'] : ['client_credentials'],
    redirectUris: client.redirectUris,
    scopes: client.scope.split(' ').filter(Boolean),
    lastUsedAt: client.lastUsedAt,
    secretRotatedAt: client.secretRotatedAt,
  };
}

/**
 * How stale a client's "last used" may get. Writing it on every token would make each client_credentials request two
 * writes instead of one; the credentials page shows a date, and a minute is finer than that (as for sessions).
 */
const LAST_USED_INTERVAL_MS = 60_000;

/**
 * What a user grant may carry: inside the grammar and the user's rights (shared-domain/scopes.ts, the same rules as
 * the consent page; an owner-only write a secondary user asks for is narrowed to read) and inside what the client may
 * ever hold. Null when anything is outside, or nothing remains.
 */
export function allowedScope(
  scope: readonly string[] | undefined,
  client: OAuthClient,
  isOwner: boolean,
): string[] | null {
  if (!scope || scope.length === 0) return null;
  const parsed = narrowScopes(scope.join(' '), isOwner);
  if (!parsed.ok) return null;
  const tokens = parsed.scopes.map((s) => `${s.resource}:${s.permission}`);
  return tokens.every((t) => client.scopes.includes(t)) ? tokens : null;
}

/**
 * The family of the tokens issued for an authorization code, and of everything refreshed from them: the code's hash,
 * so a second redemption, which finds no code row any more, can still name what the first one produced.
 */
function codeFamily(authorizationCode: string): string {
  return sha256Hex(authorizationCode);
}

/** The Kysely-backed model @node-oauth/oauth2-server drives; protocol checks stay in the library. */
export function createOAuthModel(db: Db, config: OAuthModelConfig, request: TokenRequestContext = {}): OAuthModel {
  /**
   * A code or refresh token is good for the resource it was granted for: a token request naming another is refused
   * before the grant is used up, so the client can ask again. Another client's grant is left to the library, which
   * refuses it as invalid_grant without saying anything about its resource.
   */
  const requireGranted = async (granted: string, grantClientId: string): Promise<void> => {
    if (request.resource === undefined || request.resource === granted) return;
    const asking = request.clientId ? await findClient(db, request.clientId) : null;
    if (asking?.id === grantClientId) throw invalidTarget(NOT_GRANTED_RESOURCE);
  };

  const model: OAuthModel = {
    async getClient(clientId: string, clientSecret: string | null | undefined) {
      // No secret: the authorization endpoint, or a PKCE redemption whose verifier the library checks instead.
      const client = clientSecret
        ? await authenticateClient(db, clientId, clientSecret)
        : await findClient(db, clientId);
      return client ? { ...toOAuthClient(client), authenticated: Boolean(clientSecret) } : null;
    },

    async getUserFromClient(client) {
      // client_credentials names its resource in the token request itself.
      const resource =
        request.resource === undefined ? config.oauth.defaultResource : knownResource(config, request.resource);
      if (!resource) throw invalidTarget(UNKNOWN_RESOURCE);
      const user: OAuthUser = { id: null, groupId: (client as OAuthClient).groupId, isOwner: true, resource };
      return user;
    },

    // The authorization endpoint's check, shared with ours: exact, except a loopback IP literal's port.
    async validateRedirectUri(redirectUri, client) {
      return registeredRedirectUri((client as OAuthClient).redirectUris, redirectUri);
    },

    async validateScope(user, client, scope) {
      const c = client as OAuthClient;
      if (c.grantType === 'client_credentials') {
        if (!scope || scope.length === 0) return c.scopes;
        return scope.every((s) => c.scopes.includes(s)) ? [...new Set(scope)] : false;
      }
      return allowedScope(scope, c, (user as OAuthUser).isOwner) ?? false;
    },

    async generateAuthorizationCode() {
      return newOpaqueSecret();
    },

    async saveAuthorizationCode(code, client, user) {
      const now = Date.now();
      await deleteExpiredAuthorizationCodes(db, now);
      await insertAuthorizationCode(
        db,
        {
          codeHash: sha256Hex(code.authorizationCode),
          clientId: client.id,
          userId: (user as OAuthUser).id!,
          redirectUri: code.redirectUri,
          scope: (code.scope ?? []).join(' '),
          codeChallenge: code.codeChallenge ?? null,
          codeChallengeMethod: code.codeChallengeMethod ?? null,
          resource: grantedResource(config, (user as OAuthUser).resource),
          expiresAt: code.expiresAt.getTime(),
        },
        now,
      );
      return { ...code, client, user } as AuthorizationCode;
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await findAuthorizationCode(db, sha256Hex(authorizationCode));
      if (!row) {
        // Redeemed before (or never issued): whoever redeemed it first may not be who holds it now, so the tokens
        // issued for it are revoked (RFC 6749 §4.1.2). For a code that never was, this touches nothing.
        await revokeFamily(db, codeFamily(authorizationCode), Date.now());
        return null;
      }
      const owner = await findUserById(db, row.userId);
      if (!owner) return null;
      const resource = grantedResource(config, row.resource);
      await requireGranted(resource, row.clientId);
      const user: OAuthUser = {
        id: owner.id,
        groupId: owner.groupId,
        isOwner: owner.isOwner,
        resource,
        native: nativeRedirect(row.redirectUri) !== null,
      };
      return {
        authorizationCode,
        expiresAt: new Date(row.expiresAt),
        redirectUri: row.redirectUri,
        scope: row.scope.split(' ').filter(Boolean),
        client: { id: row.clientId, grants: [] },
        user,
        ...(row.codeChallenge
          ? { codeChallenge: row.codeChallenge, codeChallengeMethod: row.codeChallengeMethod ?? 'S256' }
          : {}),
      };
    },

    async revokeAuthorizationCode(code) {
      if (await consumeAuthorizationCode(db, sha256Hex(code.authorizationCode))) return true;
      // A concurrent redemption of the same code won: a replay like any other.
      await revokeFamily(db, codeFamily(code.authorizationCode), Date.now());
      return false;
    },

    // The access token is a JWT signed in saveToken, once its expiry is known; the library only needs its jti here.
    async generateAccessToken() {
      return crypto.randomUUID();
    },

    async generateRefreshToken() {
      return newOpaqueSecret();
    },

    async saveToken(token, client, user) {
      const c = client as OAuthClient;
      const u = user as OAuthUser;
      const now = Date.now();
      const jti = token.accessToken;
      const expiresAt = token.accessTokenExpiresAt ?? new Date(now + config.oauth.accessTokenTtlSeconds * 1000);
      const scope = (token.scope ?? []).join(' ');
      // A refresh that asked for less keeps the rest of the grant for the next one (refresh-grant.ts).
      const refreshScope = Array.isArray(token.refreshScope) ? (token.refreshScope as string[]).join(' ') : scope;
      const key = await signingKeyOf(config.oauth.signingKeyPem);
      const accessToken = await signAccessToken(key, {
        iss: config.oauth.issuer,
        sub: u.id ?? c.clientId,
        aud: grantedResource(config, u.resource),
        client_id: c.clientId,
        scope,
        jti,
        // Never before the client's secret last changed: checks refuse earlier tokens (access-tokens.ts).
        iat: issuedAtSeconds(now, c.secretRotatedAt),
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
      // A client_credentials token is self-contained (decision 0021): revocation lists its jti, and every check reads
      // the client as it is now, so there is nothing to write per token. A user grant's issuance keeps its row: its
      // refresh token rotates with replay detection, and consent removal revokes by user and client.
      if (u.id !== null || token.refreshToken) {
        await insertToken(db, {
          id: crypto.randomUUID(),
          accessJti: jti,
          accessExpiresAt: expiresAt.getTime(),
          refreshHash: token.refreshToken ? sha256Hex(token.refreshToken) : null,
          refreshExpiresAt: token.refreshToken ? (token.refreshTokenExpiresAt?.getTime() ?? null) : null,
          familyId: u.familyId ?? (token.authorizationCode ? codeFamily(token.authorizationCode) : crypto.randomUUID()),
          clientId: c.id,
          userId: u.id,
          groupId: u.groupId,
          scope,
          refreshScope: token.refreshToken && refreshScope !== scope ? refreshScope : null,
          // A native app's code redeemed without the secret (PKCE alone) begins a grant whose refreshes need none; a
          // refresh hands the mark on (refresh-grant.ts). A web app that left its secret out still needs it later.
          secretless:
            token.secretless === true || (Boolean(token.authorizationCode) && !c.authenticated && u.native === true),
          resource: grantedResource(config, u.resource),
          createdAt: now,
        });
      }
      if (now - (c.lastUsedAt ?? 0) >= LAST_USED_INTERVAL_MS) await touchClientLastUsed(db, c.id, now);
      const saved: Token = { ...token, accessToken, accessTokenExpiresAt: expiresAt, client, user };
      return saved;
    },

    async getRefreshToken(refreshToken) {
      const row = await findTokenByRefreshHash(db, sha256Hex(refreshToken));
      if (!row || row.revokedAt !== null || row.userId === null) return null;
      const owner = await findUserById(db, row.userId);
      if (!owner) return null;
      // A rotated-away token is a retry whose answer was lost, or a copy in someone else's hands: the refresh grant
      // (refresh-grant.ts) tells them apart, so it is handed over marked rather than refused here.
      if (row.refreshUsedAt !== null) {
        const user: OAuthUser = { id: owner.id, groupId: row.groupId, isOwner: owner.isOwner, familyId: row.familyId };
        return {
          refreshToken,
          client: { id: row.clientId, grants: [] },
          user,
          tokenId: row.id,
          rotated: true,
          secretless: row.secretless,
        } satisfies RefreshToken;
      }
      const resource = grantedResource(config, row.resource);
      await requireGranted(resource, row.clientId);
      const user: OAuthUser = {
        id: owner.id,
        groupId: row.groupId,
        isOwner: owner.isOwner,
        familyId: row.familyId,
        resource,
      };
      const found: RefreshToken = {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt === null ? undefined : new Date(row.refreshExpiresAt),
        // What the refresh token may ask for: the grant, even when its own access token was narrowed.
        scope: (row.refreshScope ?? row.scope).split(' ').filter(Boolean),
        client: { id: row.clientId, grants: [] },
        user,
        tokenId: row.id,
        secretless: row.secretless,
      };
      return found;
    },

    // False when a concurrent exchange of the same token won; the refresh grant then answers it as a retry.
    async revokeToken(token) {
      return markRefreshUsed(db, token.tokenId as string, Date.now());
    },

    // Resource servers use introspection, never the library's authenticate(); the type wants the method anyway.
    async getAccessToken() {
      return null;
    },
  };
  return model;
}
