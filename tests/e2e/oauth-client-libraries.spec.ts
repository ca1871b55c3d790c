/**
 * The authorization server as third-party developers meet it: two independent client libraries from npm,
 * openid-client (v6, RFC 8414 discovery with { algorithm: 'oauth2' }) and @badgateway/oauth2-client, each run
 * authorization code + PKCE through the real login and consent pages in Chromium, refresh (with a lost answer),
 * introspection, revocation and client credentials. They run the very snippets "Connect your app" in
 * docs/api/oauth.md shows: the doc's code blocks must equal docs/api/examples/*.mjs, which these tests import.
 * Then the RFC 6749 / 7009 error table, through the libraries where they can send the request, else raw fetch.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type OAuth2Client, OAuth2Error, OAuth2HttpError, type OAuth2Token } from '@badgateway/oauth2-client';
import * as openid from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import {
  type ClientApp,
  freePort,
  registerClient,
  startClientApp,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

const EXAMPLES = {
  openidClient: 'docs/api/examples/openid-client.mjs',
  oauth2Client: 'docs/api/examples/oauth2-client.mjs',
} as const;

type Tokens = openid.TokenEndpointResponse;
interface Checks {
  redirectUri: string;
  codeVerifier: string;
  state: string;
}

/** docs/api/examples/openid-client.mjs, as the doc shows it. */
interface OpenidClientSnippets {
  connect(input: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    allowHttp?: boolean;
  }): Promise<openid.Configuration>;
  startAuthorization(
    config: openid.Configuration,
    input: { redirectUri: string; scope: string },
  ): Promise<{ url: string } & Omit<Checks, 'redirectUri'>>;
  finishAuthorization(
    config: openid.Configuration,
    callbackUrl: string,
    checks: Omit<Checks, 'redirectUri'>,
  ): Promise<Tokens>;
  refresh(config: openid.Configuration, refreshToken: string): Promise<Tokens>;
  revoke(config: openid.Configuration, refreshToken: string): Promise<void>;
  introspect(config: openid.Configuration, token: string): Promise<openid.IntrospectionResponse>;
  clientCredentials(config: openid.Configuration, scope: string): Promise<Tokens>;
}

/** docs/api/examples/oauth2-client.mjs, as the doc shows it. */
interface OAuth2ClientSnippets {
  connect(input: { issuer: string; clientId: string; clientSecret: string }): OAuth2Client;
  startAuthorization(
    client: OAuth2Client,
    input: { redirectUri: string; scope: string },
  ): Promise<{ url: string } & Omit<Checks, 'redirectUri'>>;
  finishAuthorization(client: OAuth2Client, callbackUrl: string, checks: Checks): Promise<OAuth2Token>;
  refresh(client: OAuth2Client, token: OAuth2Token): Promise<OAuth2Token>;
  revoke(client: OAuth2Client, token: OAuth2Token): Promise<void>;
  introspect(client: OAuth2Client, token: OAuth2Token): Promise<Record<string, unknown>>;
  clientCredentials(client: OAuth2Client, scope: string): Promise<OAuth2Token>;
}

// Through a file URL at run time, exactly the file the doc includes (not a copy the bundler might have made).
const importExample = (path: string) => import(pathToFileURL(resolve(path)).href);

let server: TestServer;
let browser: Browser;
let clientApp: ClientApp;
let owner: UserRecord;
let oidc: OpenidClientSnippets;
let badgateway: OAuth2ClientSnippets;

const SCOPE = 'user:read alert:read';

beforeAll(async () => {
  [clientApp, browser, oidc, badgateway] = await Promise.all([
    startClientApp(),
    launchBrowser(),
    importExample(EXAMPLES.openidClient),
    importExample(EXAMPLES.oauth2Client),
  ]);
  // The issuer in the metadata must be the address the libraries discover it at.
  const port = await freePort();
  server = await startE2eServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  owner = await createUser(server, { email: 'olivia@example.com', name: 'Olivia Owner', owner: true, apiAccess: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await clientApp?.close();
});

const settingsOf = (app: TestClient) => ({
  issuer: server.config.oauth.issuer,
  clientId: app.client.clientId,
  clientSecret: app.secret,
});

/**
 * A signed-out browser opens the authorization URL: our login page, then our consent page and Accept (unless this
 * user already consented to the application). Returns the URL the browser came back to.
 */
async function consentInBrowser(page: Page, authorizationUrl: string, applicationName: string): Promise<string> {
  await page.goto(authorizationUrl);
  await page.waitForURL('**/pages/login?return_to=*');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/pages/consent' || url.href.startsWith(clientApp.redirectUri));
  if (new URL(page.url()).pathname === '/pages/consent') {
    await page.getByRole('heading', { name: `Allow ${applicationName} to access your account?` }).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
  }
  return arrivedAtClient(page);
}

/** The address the browser ended on at the third-party application, query included: what the app's callback handler sees. */
async function arrivedAtClient(page: Page): Promise<string> {
  await page.waitForURL((url) => url.href.startsWith(clientApp.redirectUri), { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Third-party app' }).waitFor();
  return page.url();
}

describe('docs/api/oauth.md, "Connect your app"', () => {
  it('shows each example file verbatim, so what the doc says is what these tests run', () => {
    const doc = readFileSync('docs/api/oauth.md', 'utf8');
    for (const path of Object.values(EXAMPLES)) {
      const block = new RegExp(
        `<!-- example: ${path.replaceAll('.', '\\.')} -->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\`\\n`,
      ).exec(doc);
      expect(block, `docs/api/oauth.md includes ${path}`).not.toBeNull();
      expect(block![1]).toBe(readFileSync(path, 'utf8'));
    }
  });
});

describe('openid-client', () => {
  it('authorization code + PKCE through login and consent, a refresh whose answer is lost, introspection, revocation, client credentials', async (test) => {
    const app = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Oidc Care',
      redirectUris: [clientApp.redirectUri],
    });
    const config = await oidc.connect({ ...settingsOf(app), allowHttp: true });
    expect(config.serverMetadata().issuer).toBe(server.config.oauth.issuer);

    const { page } = await openPage(browser, test, { baseURL: server.url });
    const { url, codeVerifier, state } = await oidc.startAuthorization(config, {
      redirectUri: clientApp.redirectUri,
      scope: SCOPE,
    });
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const callbackUrl = await consentInBrowser(page, url, 'Oidc Care');

    const tokens = await oidc.finishAuthorization(config, callbackUrl, { codeVerifier, state });
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: SCOPE });
    expect(tokens.refresh_token).toBeTruthy();

    // The answer to this refresh is lost on the way; the application still holds only the old refresh token.
    const lost = await oidc.refresh(config, tokens.refresh_token!);
    const retried = await oidc.refresh(config, tokens.refresh_token!);
    expect({ access_token: retried.access_token, refresh_token: retried.refresh_token }).toEqual({
      access_token: lost.access_token,
      refresh_token: lost.refresh_token,
    });
    expect(retried.refresh_token).not.toBe(tokens.refresh_token);

    expect(await oidc.introspect(config, retried.access_token)).toMatchObject({
      active: true,
      client_id: app.client.clientId,
      sub: owner.id,
      scope: SCOPE,
    });
    // The kept token goes on working.
    const next = await oidc.refresh(config, retried.refresh_token!);

    await oidc.revoke(config, next.refresh_token!);
    expect(await oidc.introspect(config, next.access_token)).toEqual({ active: false });
    await expect(oidc.refresh(config, next.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
      status: 400,
    });

    const machine = await registerClient(server, owner, {
      grantType: 'client_credentials',
      applicationName: 'Oidc Batch',
    });
    const machineConfig = await oidc.connect({ ...settingsOf(machine), allowHttp: true });
    const machineTokens = await oidc.clientCredentials(machineConfig, 'alert:read');
    expect(machineTokens.refresh_token).toBeUndefined();
    expect(await oidc.introspect(machineConfig, machineTokens.access_token)).toMatchObject({
      active: true,
      sub: machine.client.clientId,
    });
  });
});

describe('@badgateway/oauth2-client', () => {
  it('authorization code + PKCE through login and consent, a refresh whose answer is lost, introspection, revocation, client credentials', async (test) => {
    const app = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Badgateway Care',
      redirectUris: [clientApp.redirectUri],
    });
    const client = badgateway.connect(settingsOf(app));

    const { page } = await openPage(browser, test, { baseURL: server.url });
    const { url, codeVerifier, state } = await badgateway.startAuthorization(client, {
      redirectUri: clientApp.redirectUri,
      scope: SCOPE,
    });
    // The endpoint came from the metadata, not from the library's guess (/authorize).
    expect(url.startsWith(`${server.config.oauth.issuer}/api/oauth/authorize?`)).toBe(true);
    const callbackUrl = await consentInBrowser(page, url, 'Badgateway Care');

    const token = await badgateway.finishAuthorization(client, callbackUrl, {
      redirectUri: clientApp.redirectUri,
      codeVerifier,
      state,
    });
    expect(token.scope).toEqual(SCOPE.split(' '));
    expect(token.refreshToken).toBeTruthy();

    const lost = await badgateway.refresh(client, token);
    const retried = await badgateway.refresh(client, token);
    expect([retried.accessToken, retried.refreshToken]).toEqual([lost.accessToken, lost.refreshToken]);

    expect(await badgateway.introspect(client, retried)).toMatchObject({
      active: true,
      client_id: app.client.clientId,
      sub: owner.id,
    });
    const next = await badgateway.refresh(client, retried);

    await badgateway.revoke(client, next);
    expect(await badgateway.introspect(client, next)).toEqual({ active: false });
    await expect(badgateway.refresh(client, next)).rejects.toMatchObject({
      oauth2Code: 'invalid_grant',
      httpCode: 400,
    });

    const machine = await registerClient(server, owner, {
      grantType: 'client_credentials',
      applicationName: 'Badgateway Batch',
    });
    const machineClient = badgateway.connect(settingsOf(machine));
    const machineToken = await badgateway.clientCredentials(machineClient, 'alert:read');
    expect(machineToken.refreshToken).toBeNull();
    expect(await badgateway.introspect(machineClient, machineToken)).toMatchObject({
      active: true,
      sub: machine.client.clientId,
    });
  });
});

describe('the RFC error table', () => {
  let app: TestClient;
  let otherRedirectUri: string;
  let config: openid.Configuration;
  let client: OAuth2Client;

  beforeAll(async () => {
    otherRedirectUri = `${clientApp.redirectUri.replace('/callback', '')}/other-callback`;
    app = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Error Table',
      redirectUris: [clientApp.redirectUri, otherRedirectUri],
    });
    config = await oidc.connect({ ...settingsOf(app), allowHttp: true });
    client = badgateway.connect(settingsOf(app));
  });

  /** A code for this client, through a browser signed in for this test (the first code through login and consent). */
  async function signedIn(test: Parameters<typeof openPage>[1]) {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const first = await oidc.startAuthorization(config, { redirectUri: clientApp.redirectUri, scope: SCOPE });
    return { page, ...first, callbackUrl: await consentInBrowser(page, first.url, 'Error Table') };
  }

  /** Another code in the same browser: the consent is remembered, so authorize answers at once. */
  async function nextCode(page: Page) {
    const next = await oidc.startAuthorization(config, { redirectUri: clientApp.redirectUri, scope: SCOPE });
    await page.goto(next.url);
    return { ...next, callbackUrl: await arrivedAtClient(page) };
  }

  it('password grant: 400 unsupported_grant_type', async () => {
    const password = { username: owner.email, password: DEFAULT_TEST_PASSWORD };
    const refused = await client.password(password).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuth2HttpError);
    expect(refused).toMatchObject({ httpCode: 400, oauth2Code: 'unsupported_grant_type' });
    expect(Object.keys((refused as OAuth2HttpError).parsedBody).sort()).toEqual(['error', 'error_description']);
    await expect(openid.genericGrantRequest(config, 'password', password)).rejects.toMatchObject({
      status: 400,
      error: 'unsupported_grant_type',
    });
  });

  it("a redirect_uri other than the authorization request's at the token endpoint: 400 invalid_grant", async (test) => {
    // Another URI the client did register, and one it never did: neither is the URI the code was issued for.
    const { page } = await signedIn(test);
    for (const redirectUri of [otherRedirectUri, 'https://attacker.example/callback']) {
      const { callbackUrl, codeVerifier, state } = await nextCode(page);
      await expect(
        client.authorizationCode.getTokenFromCodeRedirect(callbackUrl, { redirectUri, codeVerifier, state }),
      ).rejects.toMatchObject({
        httpCode: 400,
        oauth2Code: 'invalid_grant',
      });
    }
  });

  it('a code used twice: invalid_grant', async (test) => {
    const { callbackUrl, codeVerifier, state } = await signedIn(test);
    const first = await oidc.finishAuthorization(config, callbackUrl, { codeVerifier, state });
    await expect(oidc.finishAuthorization(config, callbackUrl, { codeVerifier, state })).rejects.toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
    // A replay means the code leaked: what was issued from it stops working too (RFC 6749 §4.1.2).
    expect(await oidc.introspect(config, first.access_token)).toEqual({ active: false });
    await expect(oidc.refresh(config, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('authorize without response_type: back to the client with invalid_request and its state', async (test) => {
    const { page } = await signedIn(test);
    const url = new URL(
      openid.buildAuthorizationUrl(config, {
        redirect_uri: clientApp.redirectUri,
        scope: SCOPE,
        state: 'xyz',
        code_challenge: await openid.calculatePKCECodeChallenge(openid.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    url.searchParams.delete('response_type');
    await page.goto(url.href);
    const answer = new URL(await arrivedAtClient(page));
    expect(answer.searchParams.get('error')).toBe('invalid_request');
    expect(answer.searchParams.get('state')).toBe('xyz');
    expect(answer.searchParams.get('code')).toBeNull();
    // The library reads it as the error it is.
    expect(() => client.authorizationCode.validateResponse(answer, { state: 'xyz' })).toThrow(OAuth2Error);
  });

  it('revocation without token: 400 invalid_request', async () => {
    const response = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(app) },
      body: new URLSearchParams({ token_type_hint: 'refresh_token' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('a successful revocation: 200 with a JSON body', async (test) => {
    const { callbackUrl, codeVerifier, state } = await signedIn(test);
    const tokens = await oidc.finishAuthorization(config, callbackUrl, { codeVerifier, state });
    const response = await fetch(`${server.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(app) },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: 'refresh_token' }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    // A client that parses every JSON answer (as @badgateway/oauth2-client does) must be able to parse this one.
    expect(() => JSON.parse(text)).not.toThrow();
    expect(await oidc.introspect(config, tokens.access_token)).toEqual({ active: false });
  });
});

function basic(app: TestClient): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(app.client.clientId)}:${encodeURIComponent(app.secret)}`).toString('base64')}`;
}

describe('too many requests', () => {
  it('answers 429 with Retry-After, in the RFC 6749 error body', async () => {
    const limited = await startOAuthTestServer({ RATE_LIMIT_TOKEN_PER_MINUTE: '2' });
    try {
      const lonely = await createUser(limited, { email: 'rate@example.com', owner: true, apiAccess: true });
      const machine = await registerClient(limited, lonely, { grantType: 'client_credentials' });
      const client = badgateway.connect({
        issuer: limited.config.oauth.issuer,
        clientId: machine.client.clientId,
        clientSecret: machine.secret,
      });
      await badgateway.clientCredentials(client, 'alert:read');
      await badgateway.clientCredentials(client, 'alert:read');
      const refused = await badgateway.clientCredentials(client, 'alert:read').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OAuth2HttpError);
      const { httpCode, response, parsedBody } = refused as OAuth2HttpError;
      expect(httpCode).toBe(429);
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(parsedBody).toEqual({ error: expect.any(String), error_description: expect.any(String) });
    } finally {
      await limited.close();
    }
  });
});
