import OAuth2Server, { type Client, type RefreshToken, type Request, type Token } from '@node-oauth/oauth2-server';
import type { Db } from '#server/db/database.ts';
import { createOAuthModel, type OAuthModelConfig, type TokenRequestContext } from './oauth.model.ts';
import type { OAuthClient, OAuthUser } from './oauth-user.ts';
import { deleteExpiredRefreshGrace, findRefreshGrace, insertRefreshGrace } from './refresh-grace.repository.ts';
import { type GraceAnswer, openGraceAnswer, sealGraceAnswer } from './refresh-grace.ts';
import { findTokenByJti, revokeFamily } from './tokens.repository.ts';

const {
  AbstractGrantType,
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  ServerError,
} = OAuth2Server;

const INVALID = 'Invalid grant: refresh token is invalid';

/**
 * The refresh_token grant (RFC 6749 §6) with rotation that forgives what a network does and nothing more:
 *
 * - Everything that can refuse the request (client authentication, the token's client, expiry and scope) is checked
 *   before the token is spent, and spending it, saving its successor and keeping the answer happen in one transaction,
 *   so a refused or failed request leaves the refresh token as it was.
 * - The answer is kept for OAUTH_REFRESH_GRACE_SECONDS, sealed under the old refresh token (refresh-grace.ts): a client
 *   whose answer was lost in transit retries with the old token and gets the same tokens, as long as it has not used
 *   the new refresh token meanwhile.
 * - Any other reuse of a rotated token means someone holds a copy (RFC 9700 §4.14.2): the whole family is revoked.
 *
 * It replaces the library's own refresh_token grant type (extendedGrantTypes); the library still authenticates the
 * client first and renders the answer.
 */
export function refreshTokenGrant(db: Db, config: OAuthModelConfig, context: TokenRequestContext) {
  return class RefreshTokenGrant extends AbstractGrantType {
    async handle(request: Request, client: Client): Promise<Token> {
      const presented: unknown = request.body.refresh_token;
      if (!presented) throw new InvalidRequestError('Missing parameter: `refresh_token`');
      if (typeof presented !== 'string' || !/^[\x20-\x7e]+$/.test(presented)) {
        throw new InvalidRequestError('Invalid parameter: `refresh_token`');
      }
      const model = createOAuthModel(db, config, context);
      const token = await model.getRefreshToken(presented);
      if (!token || token.client.id !== client.id) throw new InvalidGrantError(INVALID);
      // The secret is asked for by the token endpoint only for other grants (oauth-server.ts): here it is needed unless
      // the grant began with a code redeemed by its PKCE verifier alone, a native app's (RFC 8252 §8.5). Checked
      // before anything is spent or a replay judged, so a request without the secret changes nothing.
      if (!(client as OAuthClient).authenticated && token.secretless !== true) {
        throw new InvalidClientError('Invalid client: cannot retrieve client credentials');
      }
      if (token.refreshTokenExpiresAt && token.refreshTokenExpiresAt.getTime() <= Date.now()) {
        throw new InvalidGrantError('Invalid grant: refresh token has expired');
      }
      if (token.rotated) return retry(token, presented, client);
      const granted = token.scope ?? [];
      const scope = this.scopeWithin(request, granted);

      const saved = await db.transaction().execute(async (trx): Promise<Token | null> => {
        const inside = createOAuthModel(trx, config, context);
        if (!(await inside.revokeToken(token))) return null;
        const user = token.user as OAuthUser;
        const jti = await this.generateAccessToken(client, user, scope);
        const issued = await inside.saveToken(
          {
            accessToken: jti,
            accessTokenExpiresAt: this.getAccessTokenExpiresAt(),
            refreshToken: await this.generateRefreshToken(client, user, scope),
            refreshTokenExpiresAt: this.getRefreshTokenExpiresAt(),
            scope,
            // RFC 6749 §6: the next refresh may again ask for all that was granted, not only this token's scope.
            refreshScope: granted,
            secretless: token.secretless === true,
            client,
            user,
          },
          client,
          user,
        );
        if (!issued) throw new ServerError('Server error: the new tokens were not saved');
        const graceMs = config.oauth.refreshGraceSeconds * 1000;
        if (graceMs > 0) {
          const answer: GraceAnswer = {
            accessToken: issued.accessToken,
            accessTokenExpiresAt: issued.accessTokenExpiresAt!.getTime(),
            refreshToken: issued.refreshToken!,
            refreshTokenExpiresAt: issued.refreshTokenExpiresAt?.getTime() ?? null,
            scope,
          };
          const tokenId = token.tokenId as string;
          // Each rotation sweeps the answers whose window is over, so none outlives it by more than the next refresh
          // (the hourly purge catches the rest).
          await deleteExpiredRefreshGrace(trx, Date.now());
          await insertRefreshGrace(trx, {
            tokenId,
            successorJti: jti,
            sealed: sealGraceAnswer(answer, presented, tokenId),
            expiresAt: Date.now() + graceMs,
          });
        }
        return issued;
      });
      // Null: a concurrent exchange of the same token won the race, so this request is its twin.
      return saved ?? retry(await model.getRefreshToken(presented), presented, client);
    }

    /** The library's rule (RFC 6749 §6): the scope asked for, which must lie within the grant's; by default all of it. */
    scopeWithin(request: Request, granted: string[]): string[] {
      const requested = this.getScope(request);
      if (!requested) return granted;
      if (!requested.every((s) => granted.includes(s)))
        throw new InvalidScopeError('Invalid scope: Unable to add extra scopes');
      return requested;
    }
  };

  /**
   * A rotated token presented again: within the window, and while the client has not moved on to the new refresh
   * token, the kept answer; otherwise a replay, and the family goes.
   */
  async function retry(
    token: RefreshToken | false | null | undefined | 0 | '',
    presented: string,
    client: Client,
  ): Promise<Token> {
    if (!token) throw new InvalidGrantError(INVALID);
    const now = Date.now();
    const tokenId = token.tokenId as string;
    const grace = await findRefreshGrace(db, tokenId, now);
    const successor = grace ? await findTokenByJti(db, grace.successorJti) : null;
    const answer =
      grace && successor && successor.revokedAt === null && successor.refreshUsedAt === null
        ? openGraceAnswer(grace.sealed, presented, tokenId)
        : null;
    if (!answer) {
      await revokeFamily(db, (token.user as OAuthUser).familyId!, now);
      throw new InvalidGrantError(INVALID);
    }
    return {
      accessToken: answer.accessToken,
      accessTokenExpiresAt: new Date(answer.accessTokenExpiresAt),
      refreshToken: answer.refreshToken,
      ...(answer.refreshTokenExpiresAt === null
        ? {}
        : { refreshTokenExpiresAt: new Date(answer.refreshTokenExpiresAt) }),
      scope: answer.scope,
      client,
      user: token.user,
    };
  }
}
