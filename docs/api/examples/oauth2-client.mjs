// Connecting an application to the portal with @badgateway/oauth2-client (npm install @badgateway/oauth2-client).
import { OAuth2Client, generateCodeVerifier } from '@badgateway/oauth2-client';
import { randomBytes } from 'node:crypto';

/**
 * Discovery: the client reads the portal's RFC 8414 metadata (/.well-known/oauth-authorization-server) on first use
 * and takes every endpoint and the client authentication method from it.
 */
export function connect({ issuer, clientId, clientSecret }) {
  return new OAuth2Client({ server: issuer, clientId, clientSecret });
}

/**
 * The authorization URL with PKCE: send the browser to `url`, and keep `codeVerifier` and `state` in the user's
 * session (server side) until the browser comes back to your redirect URI.
 */
export async function startAuthorization(client, { redirectUri, scope }) {
  const codeVerifier = await generateCodeVerifier();
  const state = randomBytes(16).toString('base64url');
  const url = await client.authorizationCode.getAuthorizeUri({ redirectUri, state, codeVerifier, scope: scope.split(' ') });
  return { url, codeVerifier, state };
}

/**
 * The code exchange: `callbackUrl` is the full URL the browser came back to. The library checks the state, throws
 * an OAuth2Error for an error answer, and sends the same redirect URI and the PKCE verifier.
 * Answers { accessToken, refreshToken, expiresAt, scope }.
 */
export async function finishAuthorization(client, callbackUrl, { redirectUri, codeVerifier, state }) {
  return client.authorizationCode.getTokenFromCodeRedirect(callbackUrl, { redirectUri, codeVerifier, state });
}

/**
 * Refresh: every refresh answers a new refresh token; store the new token and forget the old one. If the answer is
 * lost, refreshing again with the old token shortly afterwards gives the same answer.
 */
export async function refresh(client, token) {
  return client.refreshToken(token);
}

/** Revocation (RFC 7009): revoking the refresh token ends the grant, access token included. */
export async function revoke(client, token) {
  await client.revoke(token, 'refresh_token');
}

/** Introspection (RFC 7662) of the token's access token. */
export async function introspect(client, token) {
  return client.introspect(token);
}

/** Client credentials: no user, no refresh token. */
export async function clientCredentials(client, scope) {
  return client.clientCredentials({ scope: scope.split(' ') });
}
