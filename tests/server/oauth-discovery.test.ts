import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthTestServer } from '../support/oauth-client.ts';
import { NO_SERVER_ENTRY, type TestServer } from '../support/server.ts';

const INDEX = '<!doctype html><title>Portal</title><div id="root"></div>';

let server: TestServer;
let dist: string;

// A built SPA, so that a /.well-known address answered with index.html would show here.
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  server = await startOAuthTestServer({ STATIC_DIR: dist, SSR_DIR: NO_SERVER_ENTRY });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A browser navigation as sent, so the server cannot tell it from a person opening the address. */
function navigate(method: 'GET' | 'HEAD', path: string) {
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const url = new URL(server.url);
    const headers = {
      accept: 'text/html,application/xhtml+xml',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    };
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/.well-known is never the SPA', () => {
  // The portal is an OAuth 2.0 authorization server, not an OpenID Provider: no OpenID discovery document.
  it.each([
    '/.well-known/openid-configuration',
    '/.well-known/oauth-protected-resource',
    '/.well-known/unknown',
    '/.well-known/',
    '/.well-known',
    '/.well-known/oauth-authorization-server/extra',
    '/.WELL-KNOWN/openid-configuration',
    '/.well-known/%6Fpenid-configuration',
  ])('GET %s answers 404 JSON', async (path) => {
    const response = await navigate('GET', path);
    expect(response.status).toBe(404);
    expect(response.contentType).toMatch(/^application\/json/);
    expect(response.body).not.toContain('<');
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: { code: expect.any(String) } });
  });

  it('HEAD and POST on an unknown /.well-known address are 404 JSON too', async () => {
    const head = await navigate('HEAD', '/.well-known/openid-configuration');
    expect(head.status).toBe(404);
    expect(head.contentType).toMatch(/^application\/json/);
    const post = await fetch(`${server.url}/.well-known/openid-configuration`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('an unknown page still gets the SPA with 404', async () => {
    const response = await navigate('GET', '/pages/nope');
    expect(response.status).toBe(404);
    expect(response.contentType).toContain('text/html');
    expect(response.body).toBe(INDEX);
  });
});

describe('RFC 8414 authorization server metadata', () => {
  it('is JSON at /.well-known/oauth-authorization-server, for the issuer it names', async () => {
    const response = await navigate('GET', '/.well-known/oauth-authorization-server');
    expect(response.status).toBe(200);
    expect(response.contentType).toMatch(/^application\/json/);
    const issuer = server.config.oauth.issuer;
    expect(JSON.parse(response.body)).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/api/oauth/authorize`,
      token_endpoint: `${issuer}/api/oauth/token`,
      jwks_uri: `${issuer}/api/oauth/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'client_credentials', 'refresh_token']),
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('is what oauth4webapi discovers with the oauth2 algorithm, and OpenID discovery finds nothing', async () => {
    const issuer = new URL(server.config.oauth.issuer);
    const options = { [oauth.allowInsecureRequests]: true } as const;
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }),
    );
    expect(as.issuer).toBe(server.config.oauth.issuer);
    const oidc = await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oidc' });
    expect(oidc.status).toBe(404);
    await expect(oauth.processDiscoveryResponse(issuer, oidc)).rejects.toThrow();
  });
});
