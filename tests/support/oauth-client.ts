import { createServer as createHttpServer, get, type Server } from 'node:http';
import { createServer } from 'node:net';
import * as oauth from 'oauth4webapi';
import { type ClientWithSecret, createClient } from '#server/modules/clients/clients.service.ts';
import { startTestServer, type TestServer, type TestServerEnv } from './server.ts';

/**
 * The third-party application's side of the authorization server tests: oauth4webapi (a published client library)
 * for every server-to-server call, and small "browser" helpers that follow our redirects by hand.
 */

/**
 * A test server whose PUBLIC_URL is its real address, so the issuer in metadata and tokens is the URL clients use.
 * The port is found first and then bound by the server; the gap between the two is too short to matter in tests.
 */
export async function startOAuthTestServer(overrides: TestServerEnv = {}): Promise<TestServer> {
  const port = await freePort();
  return startTestServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...overrides });
}

/** A TCP port nobody listens on right now, for a server that must know its address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const REDIRECT_URI = 'https://client.example/callback';

export interface TestClient extends ClientWithSecret {
  /** oauth4webapi's view of the client. */
  oauthClient: oauth.Client;
  auth: oauth.ClientAuth;
}

/** Registers a client through the same service the credentials pages use. */
export async function registerClient(
  server: TestServer,
  owner: { id: string; groupId: string },
  input: { grantType: 'authorization_code' | 'client_credentials'; applicationName?: string; redirectUris?: string[] },
): Promise<TestClient> {
  const created = await createClient(server.db, server.config, {
    groupId: owner.groupId,
    userId: owner.id,
    grantType: input.grantType,
    applicationName: input.applicationName ?? `App ${Math.random().toString(36).slice(2, 8)}`,
    redirectUris: input.grantType === 'authorization_code' ? (input.redirectUris ?? [REDIRECT_URI]) : [],
  });
  return {
    ...created,
    oauthClient: { client_id: created.client.clientId },
    auth: oauth.ClientSecretBasic(created.secret),
  };
}

/** Discovers the server the way a third-party app would (RFC 8414), over plain http on loopback. */
export async function discover(server: TestServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.config.oauth.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** Options every oauth4webapi request needs against an http test server. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * A browser navigation that does not follow redirects: the status and where it would go next. node:http rather than
 * fetch, because fetch replaces Sec-Fetch-Mode with its own value.
 */
export function navigate(
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      {
        headers: {
          'sec-fetch-mode': 'navigate',
          'sec-fetch-site': 'same-origin',
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null }),
        );
      },
    );
    request.on('error', reject);
  });
}

export interface AuthorizeRequest {
  client: TestClient;
  scope: string;
  state?: string;
  redirectUri?: string;
  codeVerifier?: string;
  extra?: Record<string, string>;
}

export async function authorizeUrl(server: TestServer, request: AuthorizeRequest): Promise<string> {
  const url = new URL('/api/oauth/authorize', server.url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.client.client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri ?? REDIRECT_URI);
  url.searchParams.set('scope', request.scope);
  if (request.state) url.searchParams.set('state', request.state);
  if (request.codeVerifier) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(request.extra ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The journey of product.md §2 for a logged-in user: authorize → /pages/consent (when asked) → Accept, i.e. GET
 * /api/consent with the consent page's query → the client's redirect URI. Returns that final URL.
 */
export async function authorizeWithConsent(
  server: TestServer,
  cookie: string,
  request: AuthorizeRequest,
): Promise<URL> {
  const first = await navigate(await authorizeUrl(server, request), cookie);
  if (first.status !== 302 || !first.location) throw new Error(`authorize answered ${first.status}`);
  if (!first.location.startsWith('/pages/consent?')) return new URL(first.location);
  const query = first.location.slice('/pages/consent'.length);
  const accepted = await navigate(`${server.url}/api/consent${query}`, cookie);
  if (accepted.status !== 302 || !accepted.location) throw new Error(`consent answered ${accepted.status}`);
  return new URL(accepted.location);
}

/**
 * The whole authorization code journey as a client with oauth4webapi: authorize and consent as the logged-in user
 * (`authorizeWithConsent`), then the code redeemed with its PKCE verifier at REDIRECT_URI. Returns the token answer.
 */
export async function tokensThroughConsent(
  server: TestServer,
  as: oauth.AuthorizationServer,
  cookie: string,
  client: TestClient,
  scope: string,
): Promise<oauth.TokenEndpointResponse> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const callback = await authorizeWithConsent(server, cookie, { client, scope, codeVerifier });
  const params = oauth.validateAuthResponse(as, client.oauthClient, callback, oauth.expectNoState);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client.oauthClient,
    client.auth,
    params,
    REDIRECT_URI,
    codeVerifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, client.oauthClient, response);
}

/** A raw token request (form body, client_secret_post when a secret is given), for cases oauth4webapi refuses to make. */
export function postToken(server: Pick<TestServer, 'url'>, params: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

/** A third-party application's redirect URI for browser tests: a loopback server that hands over every query it receives. */
export interface ClientApp {
  redirectUri: string;
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startClientApp(): Promise<ClientApp> {
  const waiting: Array<(query: URLSearchParams) => void> = [];
  const received: URLSearchParams[] = [];
  const http: Server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://client');
    // The browser also asks for a favicon; only the redirect URI is the application's business.
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    const waiter = waiting.shift();
    if (waiter) waiter(url.searchParams);
    else received.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Third-party app</h1>');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    next: () => {
      const query = received.shift();
      return query ? Promise.resolve(query) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
