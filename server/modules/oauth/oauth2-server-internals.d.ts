// The library exports its abstract grant type but not the authorization-code one, one step of which code-grant.ts
// replaces; the module has no types of its own.
declare module '@node-oauth/oauth2-server/lib/grant-types/authorization-code-grant-type.js' {
  import OAuth2Server, {
    type AuthorizationCode,
    type Client,
    type Request,
    type Token,
  } from '@node-oauth/oauth2-server';

  export default class AuthorizationCodeGrantType extends OAuth2Server.AbstractGrantType {
    handle(request: Request, client: Client): Promise<Token>;
    validateRedirectUri(request: Request, code: AuthorizationCode): void;
  }
}
