/**
 * The authorization server end to end: a third-party application (oauth4webapi) runs authorization code + PKCE
 * through Chromium (login page, consent page) against the real server, refreshes and introspects; a second client
 * uses client credentials; removing the application on /pages/authorized-apps kills its tokens. Also Cancel on
 * consent, and Login with Amazon against the fake provider.
 */
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { eventually, landsOn, launchBrowser, openPage } from '../support/browser.ts';
import { type FakeAmazon, startFakeAmazon } from '../support/fake-amazon.ts';
import {
  type ClientApp,
  discover,
  insecure,
  registerClient,
  startClientApp,
  startOAuthTestServer,
  type TestClient,
} from '../support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

let amazon: FakeAmazon;
let server: TestServer;
let browser: Browser;
let clientApp: ClientApp;
let owner: UserRecord;
let app: TestClient;
let as: oauth.AuthorizationServer;

const SCOPE = 'user:read camera:write alert:read';

beforeAll(async () => {
  [amazon, clientApp, browser] = await Promise.all([
    startFakeAmazon({ user_id: 'amzn1.account.E2E', email: 'amy@example.com', name: 'Amy Amazon' }),
    startClientApp(),
    launchBrowser(),
  ]);
  server = await startOAuthTestServer({
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    AMAZON_CLIENT_ID: amazon.clientId,
    AMAZON_CLIENT_SECRET: amazon.clientSecret,
    AMAZON_AUTHORIZE_URL: amazon.authorizeUrl,
    AMAZON_TOKEN_URL: amazon.tokenUrl,
    AMAZON_PROFILE_URL: amazon.profileUrl,
  });
  owner = await createUser(server, { email: 'olivia@example.com', name: 'Olivia Owner', owner: true, apiAccess: true });
  app = await registerClient(server, owner, {
    grantType: 'authorization_code',
    applicationName: 'Care App',
    redirectUris: [clientApp.redirectUri],
  });
  as = await discover(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await clientApp?.close();
  await amazon?.close();
});

/** What the third-party app sends the browser to: its own state and PKCE challenge. */
async function authorizationRequest(scope: string) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: app.client.clientId,
    redirect_uri: clientApp.redirectUri,
    response_type: 'code',
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), codeVerifier, state };
}

/** Not signed in: the authorize URL leads to our login page, which comes back to it and then to the consent page. */
async function logInToConsent(page: Page, authorizeUrl: string, applicationName = 'Care App') {
  await page.goto(authorizeUrl);
  await page.waitForURL('**/pages/login?return_to=*');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/pages/consent?*');
  await page.getByRole('heading', { name: `Allow ${applicationName} to access your account?` }).waitFor();
}

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return oauth.processIntrospectionResponse(as, client.oauthClient, response);
}

async function refresh(refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(as, app.oauthClient, app.auth, refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, app.oauthClient, response);
}

describe('a third-party application', () => {
  it('gets tokens through login and consent, refreshes, introspects; removal on authorized apps kills them', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const request = await authorizationRequest(SCOPE);
    await logInToConsent(page, request.url);

    // The consent page lists what is asked, grouped Manage / View.
    const manage = page.getByRole('region', { name: 'Manage' });
    const view = page.getByRole('region', { name: 'View' });
    expect(await manage.getByRole('listitem').allTextContents()).toEqual(['Cameras']);
    expect(await view.getByRole('listitem').allTextContents()).toEqual(['User profile', 'Alerts']);

    const callback = clientApp.next();
    await page.getByRole('button', { name: 'Accept' }).click();
    const query = await callback;
    await page.getByRole('heading', { name: 'Third-party app' }).waitFor();
    expect(query.get('state')).toBe(request.state);

    const params = oauth.validateAuthResponse(as, app.oauthClient, query, request.state);
    const exchange = await oauth.authorizationCodeGrantRequest(
      as,
      app.oauthClient,
      app.auth,
      params,
      clientApp.redirectUri,
      request.codeVerifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.oauthClient, exchange);
    expect(tokens.scope).toBe(SCOPE);

    const refreshed = await refresh(tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await introspect(app, refreshed.access_token)).toMatchObject({
      active: true,
      client_id: app.client.clientId,
      sub: owner.id,
      scope: SCOPE,
    });

    // A machine client of the same account, with nobody in the loop.
    const machine = await registerClient(server, owner, {
      grantType: 'client_credentials',
      applicationName: 'Night Batch',
    });
    const machineTokens = await oauth.processClientCredentialsResponse(
      as,
      machine.oauthClient,
      await oauth.clientCredentialsGrantRequest(as, machine.oauthClient, machine.auth, new URLSearchParams(), insecure),
    );
    expect(machineTokens.refresh_token).toBeUndefined();
    expect(await introspect(machine, machineTokens.access_token)).toMatchObject({
      active: true,
      sub: machine.client.clientId,
    });

    // The account holder removes the application in the browser (still signed in from the journey above).
    await page.goto('/pages/authorized-apps');
    const row = page.getByRole('row').filter({ hasText: 'Care App' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Olivia Owner');
    await row.getByRole('button', { name: 'View permissions of Care App' }).click();
    expect(await page.getByTestId('permissions').getByRole('listitem').allTextContents()).toEqual([
      'Cameras: read+write',
      'User profile: read-only',
      'Alerts: read-only',
    ]);
    await row.getByRole('button', { name: 'Remove Care App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove application?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('You have not authorized any applications.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect(refresh(refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await introspect(app, refreshed.access_token)).toEqual({ active: false });
    // Only that application lost its access.
    expect(await introspect(machine, machineTokens.access_token)).toMatchObject({ active: true });
  });

  it('hears access_denied when the user cancels on the consent page', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const request = await authorizationRequest('alert:read');
    await logInToConsent(page, request.url);

    const callback = clientApp.next();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const query = await callback;
    expect(Object.fromEntries(query)).toEqual({
      error: 'access_denied',
      error_description: 'user denied authorization request',
      state: request.state,
      iss: server.config.oauth.issuer,
    });
    // Cancelling logged the user out.
    expect((await page.request.get(`${server.url}/api/session`)).status()).toBe(401);
  });

  it('goes through Alexa Together when an alexa scope is asked', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const request = await authorizationRequest('alexa:write person:read');
    await logInToConsent(page, request.url);
    expect(await page.getByRole('region', { name: 'Manage' }).getByRole('listitem').allTextContents()).toEqual([
      'Alexa Together',
    ]);

    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL('**/pages/alexatogether?*');
    await page.getByRole('heading', { name: 'Link your Alexa Together subscription' }).waitFor();
    await page.getByText(/^Care App asks to link your Alexa Together subscription/).waitFor();
    await page.getByText(/24\/7 Urgent Response team/).waitFor();

    const callback = clientApp.next();
    await page.getByRole('button', { name: 'Continue' }).click();
    const query = await callback;
    const params = oauth.validateAuthResponse(as, app.oauthClient, query, request.state);
    const exchange = await oauth.authorizationCodeGrantRequest(
      as,
      app.oauthClient,
      app.auth,
      params,
      clientApp.redirectUri,
      request.codeVerifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.oauthClient, exchange);
    expect(tokens.scope?.split(' ').sort()).toEqual(['alexa:write', 'person:read']);
  });
});

describe('the consent page shows only what the server stored', () => {
  it('names the registered application however the link renames it, and refuses a request the server did not send', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const request = await authorizationRequest('alert:read');
    await logInToConsent(page, request.url);
    // Who registered it and where the answer goes (their exact words are checked by the view test, src/flows/consent).
    await page.getByTestId('request-owner').waitFor();
    await page.getByTestId('request-redirect').waitFor();

    // The link from the report: the same request, renamed after a trusted app.
    const renamed = new URL(page.url());
    renamed.searchParams.set('application_name', 'Official Portal Mobile App');
    await page.goto(renamed.toString());
    await page.getByRole('heading', { name: 'Allow Care App to access your account?' }).waitFor();
    expect(await page.getByText('Official Portal Mobile App').count()).toBe(0);

    // Without a handle, with a forged one, or naming another client: an error screen with a way on, and no Accept.
    const handle = renamed.searchParams.get('request')!;
    const crafted = new URL(renamed);
    crafted.searchParams.delete('request');
    const forged = new URL(renamed);
    forged.searchParams.set('request', 'A'.repeat(43));
    const otherClient = new URL(renamed);
    otherClient.searchParams.set('client_id', 'someone-elses-client');
    for (const url of [crafted, forged, otherClient]) {
      await page.goto(url.toString());
      const refused = page.getByTestId('unknown-authorization-request');
      await refused.waitFor();
      expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
      expect(await page.getByText('Official Portal Mobile App').count()).toBe(0);
      expect(await page.getByRole('heading', { name: /Care App/ }).count()).toBe(0);
    }
    await page.getByTestId('unknown-authorization-request').getByRole('link').click();
    await landsOn(page, '**/pages/main');

    // The real request is still waiting, and Accept grants exactly it.
    const callback = clientApp.next();
    await page.goto(`/pages/consent?request=${handle}`);
    await page.getByRole('button', { name: 'Accept' }).click();
    const query = await callback;
    expect(oauth.validateAuthResponse(as, app.oauthClient, query, request.state).get('code')).toBeTruthy();
  });
});

describe('a native app (RFC 8252)', () => {
  it('registered at a loopback address without a port gets its code at the port it listens on; the consent page names no web site', async (test) => {
    const desktop = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Desk Monitor',
      redirectUris: ['http://127.0.0.1/callback'],
    });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: desktop.client.clientId,
      redirect_uri: clientApp.redirectUri,
      response_type: 'code',
      scope: 'alert:read',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    await logInToConsent(page, url.toString(), 'Desk Monitor');
    // Not "sends you back to" a web site: the view test (src/flows/consent) checks the exact words, which the built
    // app shows once the catalogs carry them.
    const origin = page.getByTestId('request-redirect');
    await origin.waitFor({ state: 'attached' });
    expect(await origin.textContent()).not.toContain('sends you back');

    const callback = clientApp.next();
    await page.getByRole('button', { name: 'Accept' }).click();
    const params = oauth.validateAuthResponse(as, desktop.oauthClient, await callback, state);
    // A native app keeps no secret: the code and its PKCE verifier are enough, at the very URI the request used.
    const publicClient = oauth.None();
    const exchange = await oauth.authorizationCodeGrantRequest(
      as,
      desktop.oauthClient,
      publicClient,
      params,
      clientApp.redirectUri,
      codeVerifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, desktop.oauthClient, exchange);
    expect(tokens.scope).toBe('alert:read');
  });
});

describe('Login with Amazon', () => {
  it('creates an account for a new Amazon user and comes back to return_to', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/authorized-apps')}`);
    await page.getByRole('button', { name: 'Login with Amazon' }).click();

    await page.waitForURL('**/pages/authorized-apps');
    await page.getByRole('heading', { name: 'Authorized applications' }).waitFor();
    await page.getByText('You have not authorized any applications.').waitFor();
    // The exchange proved possession of the verifier the SPA kept, and the callback left nothing behind.
    expect(amazon.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const session = await (await page.request.get(`${server.url}/api/session`)).json();
    expect(session.data.user).toMatchObject({ email: 'amy@example.com', name: 'Amy Amazon' });
  });

  it('sends an Amazon user whose email already has an account to the error page', async (test) => {
    amazon.profile = { user_id: 'amzn1.account.TAKEN', email: owner.email, name: 'Olivia on Amazon' };
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');
    await page.getByRole('button', { name: 'Login with Amazon' }).click();

    await page.waitForURL('**/pages/error?error_description=email_already_exists_as_portal_account');
    await eventually(() => page.getByTestId('error-description').textContent()).toBe(
      'This email already belongs to an account: sign in with your email and password',
    );
  });
});
