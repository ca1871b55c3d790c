import { AUTHORIZATION_CODE_SCOPE, CLIENT_CREDENTIALS_SCOPE } from '../clients/client-scopes.ts';
import type { OAuthModelConfig } from './oauth.model.ts';
import { signingKeyOf } from './signing-key.ts';

const AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

/** The two endpoints a client is configured with; the credentials page shows them too. */
export function clientEndpoints(issuer: string) {
  return { authorization_endpoint: `${issuer}/api/oauth/authorize`, token_endpoint: `${issuer}/api/oauth/token` };
}

/** RFC 8414 authorization server metadata; every URL hangs off the issuer (PUBLIC_URL). */
export async function authorizationServerMetadata(config: OAuthModelConfig) {
  const issuer = config.oauth.issuer;
  const key = await signingKeyOf(config.oauth.signingKeyPem);
  return {
    issuer,
    ...clientEndpoints(issuer),
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    introspection_endpoint: `${issuer}/api/oauth/introspect`,
    jwks_uri: `${issuer}/api/oauth/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    // Every authorization response, code or error, carries `iss` (authorize.service.ts clientRedirect).
    authorization_response_iss_parameter_supported: true,
    // `none`: a code with a PKCE challenge may be redeemed, and that grant refreshed, with client_id alone (a native
    // app, docs/api/oauth.md); every other token request needs the secret. Last, so a library that takes the first
    // method it knows still picks one with the secret.
    token_endpoint_auth_methods_supported: [...AUTH_METHODS, 'none'],
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    introspection_endpoint_auth_methods_supported: AUTH_METHODS,
    scopes_supported: [...new Set([...AUTHORIZATION_CODE_SCOPE.split(' '), ...CLIENT_CREDENTIALS_SCOPE.split(' ')])],
    access_token_signing_alg_values_supported: [key.alg],
  };
}

export async function jwks(config: OAuthModelConfig) {
  const key = await signingKeyOf(config.oauth.signingKeyPem);
  return { keys: [key.publicJwk] };
}
