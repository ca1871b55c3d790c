import OAuth2Server, { type AuthorizationCode, type Request } from '@node-oauth/oauth2-server';
import AuthorizationCodeGrantType from '@node-oauth/oauth2-server/lib/grant-types/authorization-code-grant-type.js';

const { InvalidGrantError, InvalidRequestError } = OAuth2Server;

/**
 * The library's authorization_code grant with RFC 6749's error for a redirect_uri that differs from the one of the
 * authorization request: invalid_grant (§5.2), where the library says invalid_request. A missing one stays
 * invalid_request, a missing parameter. The code is spent by then either way, as the library does for a wrong verifier.
 */
export class AuthorizationCodeGrant extends AuthorizationCodeGrantType {
  override validateRedirectUri(request: Request, code: AuthorizationCode): void {
    if (!code.redirectUri) return;
    const presented: unknown = request.body.redirect_uri;
    if (!presented) throw new InvalidRequestError('Missing parameter: `redirect_uri`');
    if (presented !== code.redirectUri) {
      throw new InvalidGrantError('Invalid grant: `redirect_uri` differs from the one of the authorization request');
    }
  }
}
