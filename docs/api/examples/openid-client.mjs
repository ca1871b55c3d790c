// Connecting an application to the portal with openid-client v6 (npm install openid-client).
// The portal is an OAuth 2.0 authorization server, not an OpenID Provider: discover it with { algorithm: 'oauth2' }
// (RFC 8414 metadata at /.well-known/oauth-authorization-server) and expect no ID token.
import * as client from 'openid-client';

/**
 * Discovery: issuer is the portal's address, e.g. https://portal.example.com. `allowHttp` is for a portal on your own
 * machine during development only; anywhere else the portal is https and the library refuses plain http.
 */
export async function connect({ issuer, clientId, clientSecret, allowHttp = false }) {
  return client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    algorithm: 'oauth2',
    execute: allowHttp ? [client.allowInsecureRequests] : [],
  });
}

/**
 * The authorization URL with PKCE: send the browser to `url`, and keep `codeVerifier` and `state` in the user's
 * session (server side) until the browser comes back to your redirect URI.
 */
export async function startAuthorization(config, { redirectUri, scope }) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, codeVerifier, state };
}

/**
 * The code exchange: `callbackUrl` is the full URL the browser came back to (your redirect URI with ?code=…&state=…).
 * The library checks the state, refuses an error answer, and sends the redirect URI and the PKCE verifier.
 * Answers { access_token, refresh_token, expires_in, scope, token_type }.
 */
export async function finishAuthorization(config, callbackUrl, { codeVerifier, state }) {
  return client.authorizationCodeGrant(config, new URL(callbackUrl), { pkceCodeVerifier: codeVerifier, expectedState: state });
}

/**
 * Refresh: every refresh answers a new refresh token; store it and forget the old one. If the answer is lost (a
 * timeout, a crash before saving), refreshing again with the old token shortly afterwards gives the same answer.
 */
export async function refresh(config, refreshToken) {
  return client.refreshTokenGrant(config, refreshToken);
}

/** Revocation (RFC 7009), e.g. when the user disconnects your application: revoking the refresh token ends the grant. */
export async function revoke(config, refreshToken) {
  await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
}

/** Introspection (RFC 7662): { active: false } for a token that no longer works, else its client_id, sub, scope, exp. */
export async function introspect(config, token) {
  return client.tokenIntrospection(config, token);
}

/** Client credentials: an application of your own account acting for itself, with no user and no refresh token. */
export async function clientCredentials(config, scope) {
  return client.clientCredentialsGrant(config, { scope });
}
