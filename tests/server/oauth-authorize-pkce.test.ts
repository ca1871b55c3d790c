import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  navigate,
  REDIRECT_URI,
  registerClient,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, loginCookie, type TestServer } from '../support/server.ts';

/**
 * RFC 7636 at the authorization endpoint: a challenge this server cannot verify later is refused now, at the client's
 * redirect URI, instead of becoming a code that can never be redeemed.
 */

let server: TestServer;
let app: TestClient;
let cookie: string;

beforeAll(async () => {
  server = await startOAuthTestServer();
  const owner = await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true });
  app = await registerClient(server, owner, { grantType: 'authorization_code' });
  cookie = await loginCookie(server, 'owner@example.com');
});
afterAll(() => server.close());

async function answer(extra: Record<string, string>): Promise<URLSearchParams> {
  const url = await authorizeUrl(server, { client: app, scope: 'camera:read', state: 'st', extra });
  const { status, location } = await navigate(url, cookie);
  expect(status).toBe(302);
  const target = new URL(location!, server.url);
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
  return target.searchParams;
}

describe('PKCE challenges the token endpoint could never verify', () => {
  it('a challenge without a method is plain (RFC 7636 §4.3), which this server does not offer: invalid_request', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    // A client that means plain sends the verifier itself as the challenge.
    const query = await answer({ code_challenge: verifier });
    expect(Object.fromEntries(query)).toMatchObject({ error: 'invalid_request', state: 'st' });
    expect(query.get('code')).toBeNull();
  });

  it('an S256 challenge that is not 43 base64url characters (a SHA-256 digest) is invalid_request', async () => {
    for (const challenge of ['abc', `${'a'.repeat(42)}=`, 'a'.repeat(44), `${'a'.repeat(42)}+`]) {
      const query = await answer({ code_challenge: challenge, code_challenge_method: 'S256' });
      expect(query.get('error'), challenge).toBe('invalid_request');
      expect(query.get('code')).toBeNull();
    }
  });

  it('a well-formed S256 challenge still gets to the consent page', async () => {
    const url = await authorizeUrl(server, {
      client: app,
      scope: 'camera:read',
      state: 'st',
      codeVerifier: oauth.generateRandomCodeVerifier(),
    });
    const { location } = await navigate(url, cookie);
    expect(location).toMatch(/^\/pages\/consent\?/);
  });
});
