import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '#server/db/database.ts';
import { AuthorizationCodeGrant } from './code-grant.ts';
import { createOAuthModel, type OAuthModelConfig, type TokenRequestContext } from './oauth.model.ts';
import { refreshTokenGrant } from './refresh-grant.ts';

export const { Request: OAuthRequest, Response: OAuthResponse, OAuthError } = OAuth2Server;
export type OAuthErrorInstance = InstanceType<typeof OAuth2Server.OAuthError>;

/** Short enough that a code seen in a log or a Referer is useless by the time anyone reads it (RFC 6749 §4.1.2). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

export function isOAuthError(err: unknown): err is OAuthErrorInstance {
  return err instanceof OAuth2Server.OAuthError;
}

/** A library instance over our model; cheap to build, so each service call makes its own. */
export function oauthServer(db: Db, config: OAuthModelConfig, request?: TokenRequestContext): OAuth2Server {
  return new OAuth2Server({
    model: createOAuthModel(db, config, request),
    accessTokenLifetime: config.oauth.accessTokenTtlSeconds,
    refreshTokenLifetime: config.oauth.refreshTokenTtlSeconds,
    authorizationCodeLifetime: AUTHORIZATION_CODE_TTL_SECONDS,
    // State is the client's CSRF defence and its choice; the Alexa flow may come without one (product.md §2).
    allowEmptyState: true,
    alwaysIssueNewRefreshToken: true,
    // The refresh grant decides itself whether the secret is needed: not for a native app's grant (refresh-grant.ts).
    requireClientAuthentication: { refresh_token: false },
    // Ours replace the library's: RFC 6749's error for a redirect_uri mismatch; for refresh, nothing spent on a
    // refusal, and a lost answer can be retried.
    // The refresh grant is a class made per request (it closes over the request's context), which costs more than
    // a client_credentials request's own logic: it is made only for the requests that can use it.
    extendedGrantTypes: {
      authorization_code: AuthorizationCodeGrant,
      ...(request?.grantType === undefined || request.grantType === 'refresh_token'
        ? { refresh_token: refreshTokenGrant(db, config, request ?? {}) }
        : {}),
    },
  });
}
