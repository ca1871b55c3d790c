import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { ClientRecord } from '../clients/clients.repository.ts';
import { grantedResource } from './resource-indicators.ts';
import { isAccessTokenRevoked } from './revoked-access-tokens.repository.ts';
import { signingKeyOf, verifyAccessToken } from './signing-key.ts';
import { findTokenByJti, type TokenRecord } from './tokens.repository.ts';

/**
 * An access token this server signed, as its checks see it (decision 0021). A user grant's token (authorization_code,
 * refresh_token) has its issuance row, which revocation, consent removal and refresh replay mark. A client_credentials
 * token has none: it is a self-contained RFC 9068 JWT, revoked through oauth_revoked_access_tokens, and the client's
 * current state (it exists; its secret has not changed since) is read at every check.
 */
export type KnownAccessToken =
  | { stored: true; row: TokenRecord; claims: VerifiedClaims }
  | { stored: false; claims: VerifiedClaims & { aud: string } };

type VerifiedClaims = NonNullable<Awaited<ReturnType<typeof verifyAccessToken>>>;

/** What every check of an access token agrees it says, once it is known to be active. */
export interface ActiveAccessToken {
  /** oauth_clients.id of the client it was issued to. */
  clientId: string;
  /** The user, or null for client_credentials. */
  userId: string | null;
  scope: string;
  aud: string;
  jti: string;
  /** Epoch seconds. */
  iat: number;
  exp: number;
}

/**
 * The token when it is a JWT we signed, unexpired, and either has its row or is a client_credentials token (RFC 9068
 * §2.2: `sub` is the client's own id). A user token whose row is gone (its user or client was deleted, or it was
 * purged) is unknown: such a token is never judged without its row.
 */
export async function findAccessToken(
  db: Db,
  config: Pick<Config, 'oauth'>,
  token: string,
): Promise<KnownAccessToken | null> {
  const key = await signingKeyOf(config.oauth.signingKeyPem);
  const claims = await verifyAccessToken(key, config.oauth.issuer, token);
  if (!claims) return null;
  const row = await findTokenByJti(db, claims.jti);
  if (row) return { stored: true, row, claims };
  if (claims.sub !== claims.client_id || typeof claims.aud !== 'string') return null;
  return { stored: false, claims: claims as VerifiedClaims & { aud: string } };
}

/**
 * The token's state, when it is active for `client` (the client it names, read now: a deleted client has no record to
 * pass). Inactive when revoked, expired, issued to another client, or issued before the client's secret last changed
 * (whoever held the old secret may have asked for it). Null for anything inactive.
 */
export async function activeAccessToken(
  db: Db,
  config: Pick<Config, 'oauth'>,
  found: KnownAccessToken,
  client: Pick<ClientRecord, 'id' | 'clientId' | 'secretRotatedAt'>,
  now = Date.now(),
): Promise<ActiveAccessToken | null> {
  if (found.stored) {
    const { row } = found;
    if (row.clientId !== client.id || row.revokedAt !== null || row.accessExpiresAt <= now) return null;
    // A row knows its issuance to the millisecond.
    if (row.createdAt < (client.secretRotatedAt ?? 0)) return null;
    return {
      clientId: row.clientId,
      userId: row.userId,
      scope: row.scope,
      aud: grantedResource(config, row.resource),
      jti: row.accessJti,
      iat: Math.floor(row.createdAt / 1000),
      exp: Math.floor(row.accessExpiresAt / 1000),
    };
  }
  const { claims } = found;
  if (claims.client_id !== client.clientId || claims.exp * 1000 <= now) return null;
  if (claims.iat < tokensValidFromSeconds(client.secretRotatedAt)) return null;
  if (await isAccessTokenRevoked(db, claims.jti)) return null;
  return {
    clientId: client.id,
    userId: null,
    scope: claims.scope,
    aud: claims.aud,
    jti: claims.jti,
    iat: claims.iat,
    exp: claims.exp,
  };
}

/**
 * The first `iat` (epoch seconds) a token of a client whose secret changed at `secretRotatedAt` (epoch ms) may carry:
 * the second after the change began. A token is stamped in whole seconds, so one issued earlier in the same second,
 * under the old secret, must not pass; one issued later in that second under the new secret is stamped with this
 * second instead (issuedAtSeconds), up to a second ahead of the clock.
 */
export function tokensValidFromSeconds(secretRotatedAt: number | null): number {
  return secretRotatedAt === null ? 0 : Math.ceil(secretRotatedAt / 1000);
}

/** A new access token's `iat`: now, or the second its client's tokens are valid from if that is later. */
export function issuedAtSeconds(now: number, secretRotatedAt: number | null): number {
  return Math.max(Math.floor(now / 1000), tokensValidFromSeconds(secretRotatedAt));
}
