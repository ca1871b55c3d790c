/**
 * Authorized applications with two people in one account, in Chromium against the real server. The account owner
 * consents to Care App and a secondary user to Fit Tracker, each through the real login and consent pages with a
 * third-party application (oauth4webapi, authorization code + PKCE, loopback redirect URI). Who may remove what is in
 * docs/api/oauth.md, "Authorized applications": the secondary user removes only their own consent, the owner an
 * application for the whole account; the tokens behind each removal stop working at once, the others do not.
 */
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '#server/modules/users/users.repository.ts';
import { createUserWithCli, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import {
  type ClientApp,
  discover,
  freePort,
  insecure,
  registerClient,
  startClientApp,
  type TestClient,
} from '../support/oauth-client.ts';
import type { TestServer } from '../support/server.ts';

interface Person {
  email: string;
  password: string;
  name: string;
}

let server: TestServer;
let browser: Browser;
let clientApp: ClientApp;
let as: oauth.AuthorizationServer;
let owner: Person;
let member: Person;
let careApp: TestClient;
let fitTracker: TestClient;

beforeAll(async () => {
  [clientApp, browser] = await Promise.all([startClientApp(), launchBrowser()]);
  // The issuer in the metadata must be the address oauth4webapi discovers it at.
  const port = await freePort();
  server = await startE2eServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });

  // Everyone made the way an operator would: the admin CLI against the server's database.
  owner = {
    name: 'Olivia Owner',
    ...(await createUserWithCli(server, { email: 'olivia@example.com', name: 'Olivia Owner', owner: true })),
  };
  member = {
    name: 'Max Member',
    ...(await createUserWithCli(server, {
      email: 'max@example.com',
      name: 'Max Member',
      groupOf: 'olivia@example.com',
    })),
  };
  // Both applications belong to a developer elsewhere: the family's account only consents to them.
  await createUserWithCli(server, { email: 'dev@vendor.example', name: 'Vendor Dev', owner: true, apiAccess: true });
  const developer = (await findUserByEmail(server.db, 'dev@vendor.example'))!;
  const family = (await findUserByEmail(server.db, owner.email))!;
  const secondary = (await findUserByEmail(server.db, member.email))!;
  // The CLI really made one account with an owner and a secondary user, not two accounts.
  expect([family.isOwner, secondary.isOwner, secondary.groupId]).toEqual([true, false, family.groupId]);

  const redirectUris = [clientApp.redirectUri];
  careApp = await registerClient(server, developer, {
    grantType: 'authorization_code',
    applicationName: 'Care App',
    redirectUris,
  });
  fitTracker = await registerClient(server, developer, {
    grantType: 'authorization_code',
    applicationName: 'Fit Tracker',
    redirectUris,
  });
  as = await discover(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await clientApp?.close();
});

const SCOPE = 'user:read alert:read';

/**
 * The third-party application sends a signed-out browser to authorize; the person logs in on our login page, reads
 * the consent page and accepts; the application exchanges the code it receives for tokens.
 */
async function consentThroughBrowser(page: Page, person: Person, client: TestClient) {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client.clientId,
    redirect_uri: clientApp.redirectUri,
    response_type: 'code',
    scope: SCOPE,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();

  await page.goto(url.toString());
  await page.waitForURL('**/pages/login?return_to=*');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/pages/consent?*');
  await page.getByRole('heading', { name: `Allow ${client.client.applicationName} to access your account?` }).waitFor();

  const callback = clientApp.next();
  await page.getByRole('button', { name: 'Accept' }).click();
  const params = oauth.validateAuthResponse(as, client.oauthClient, await callback, state);
  await page.getByRole('heading', { name: 'Third-party app' }).waitFor();
  const exchange = await oauth.authorizationCodeGrantRequest(
    as,
    client.oauthClient,
    client.auth,
    params,
    clientApp.redirectUri,
    codeVerifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client.oauthClient, exchange);
  expect(tokens.refresh_token).toBeTruthy();
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token! };
}

async function refresh(client: TestClient, refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(as, client.oauthClient, client.auth, refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client.oauthClient, response);
}

async function introspect(client: TestClient, token: string) {
  const response = await oauth.introspectionRequest(as, client.oauthClient, client.auth, token, insecure);
  return oauth.processIntrospectionResponse(as, client.oauthClient, response);
}

/** An API call made by the page itself, with its session, as the SPA makes it. */
function apiFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
}

const appRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The table as a person reads it: application, who consented, and what the Remove column offers. */
async function rows(page: Page) {
  await page.getByRole('heading', { name: 'Authorized applications' }).waitFor();
  const table = page.getByRole('table').or(page.getByTestId('no-apps'));
  await table.first().waitFor();
  if (await page.getByTestId('no-apps').isVisible()) return [];
  const result: Array<{ application: string; consentedBy: string; remove: string }> = [];
  for (const row of await page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .all()) {
    const cells = row.getByRole('cell');
    if ((await cells.count()) !== 5) continue; // an opened permissions row
    const removeCell = cells.nth(4);
    const button = removeCell.getByRole('button');
    result.push({
      application: (await cells.nth(0).textContent())!,
      consentedBy: (await cells.nth(1).textContent())!,
      remove:
        (await button.count()) > 0
          ? `button: ${await button.getAttribute('aria-label')}`
          : (await removeCell.textContent())!,
    });
  }
  return result;
}

describe('authorized applications in an account with an owner and a secondary user', () => {
  it('lets the secondary user remove only their own consent, and the owner an application for the whole account', async (test) => {
    const { page: ownerPage } = await openPage(browser, test, { baseURL: server.url });
    const { page: memberPage } = await openPage(browser, test, { baseURL: server.url });

    const careTokens = await consentThroughBrowser(ownerPage, owner, careApp);
    const fitTokens = await consentThroughBrowser(memberPage, member, fitTracker);

    // The owner sees both applications of the account and may remove either, for everyone.
    await ownerPage.goto('/pages/authorized-apps');
    await appRow(ownerPage, 'Fit Tracker').waitFor();
    expect(await rows(ownerPage)).toEqual([
      { application: 'Care App', consentedBy: 'Olivia Owner', remove: 'button: Remove Care App' },
      { application: 'Fit Tracker', consentedBy: 'Max Member', remove: 'button: Remove Fit Tracker' },
    ]);

    // The secondary user sees the owner's application without Remove, and their own with it.
    await memberPage.goto('/pages/authorized-apps');
    await appRow(memberPage, 'Fit Tracker').waitFor();
    expect(await rows(memberPage)).toEqual([
      { application: 'Care App', consentedBy: 'Olivia Owner', remove: 'Only the account owner can remove this' },
      { application: 'Fit Tracker', consentedBy: 'Max Member', remove: 'button: Remove Fit Tracker' },
    ]);
    expect(
      await appRow(memberPage, 'Care App')
        .getByRole('button', { name: /^Remove/ })
        .count(),
    ).toBe(0);
    // The page shows what the server says, and the server holds to it when asked directly.
    const listed = await apiFromPage(memberPage, 'GET', '/api/authorized_apps');
    expect(listed.status).toBe(200);
    expect(
      listed.json.data.authorized_apps.array.map((app: any) => [
        app.application_name,
        app.consented_by,
        app.removable,
        app.removes,
      ]),
    ).toEqual([
      ['Care App', ['Olivia Owner'], false, 'own'],
      ['Fit Tracker', ['Max Member'], true, 'own'],
    ]);
    const refused = await apiFromPage(memberPage, 'PUT', '/api/consent/revoke', { client_id: careApp.client.clientId });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: { code: 'NOT_YOUR_CONSENT' } });
    expect(await introspect(careApp, careTokens.accessToken)).toMatchObject({ active: true });

    // Removing Fit Tracker: the dialog says it takes away only the secondary user's own consent.
    await appRow(memberPage, 'Fit Tracker').getByRole('button', { name: 'Remove Fit Tracker' }).click();
    const memberDialog = memberPage.getByRole('dialog', { name: 'Remove application?' });
    await memberDialog.waitFor();
    expect(await memberDialog.getByText(/^This removes only your own consent/).textContent()).toBe(
      'This removes only your own consent: Fit Tracker will no longer be able to access the account on your behalf. ' +
        'Others in the account who allowed it keep it.',
    );
    await memberDialog.getByRole('button', { name: 'Remove' }).click();
    await memberDialog.waitFor({ state: 'hidden' });
    await appRow(memberPage, 'Fit Tracker').waitFor({ state: 'detached' });
    expect(await rows(memberPage)).toEqual([
      { application: 'Care App', consentedBy: 'Olivia Owner', remove: 'Only the account owner can remove this' },
    ]);

    // Fit Tracker's tokens are dead at once; Care App's, which the owner allowed, still work.
    await expect(refresh(fitTracker, fitTokens.refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await introspect(fitTracker, fitTokens.accessToken)).toEqual({ active: false });
    expect(await introspect(careApp, careTokens.accessToken)).toMatchObject({
      active: true,
      client_id: careApp.client.clientId,
      scope: SCOPE,
    });
    const careRefreshed = await refresh(careApp, careTokens.refreshToken);
    expect(await introspect(careApp, careRefreshed.access_token)).toMatchObject({ active: true });

    // Nobody in the account allows Fit Tracker any more, so the owner no longer sees it (docs/api/oauth.md: one row
    // per application anyone in the account consented to).
    await ownerPage.reload();
    await appRow(ownerPage, 'Care App').waitFor();
    expect(await rows(ownerPage)).toEqual([
      { application: 'Care App', consentedBy: 'Olivia Owner', remove: 'button: Remove Care App' },
    ]);

    // The owner removes Care App, and the dialog says it is for everyone in the account.
    await appRow(ownerPage, 'Care App').getByRole('button', { name: 'Remove Care App' }).click();
    const ownerDialog = ownerPage.getByRole('dialog', { name: 'Remove application?' });
    await ownerDialog.waitFor();
    expect(await ownerDialog.getByText(/^Care App will no longer/).textContent()).toBe(
      'Care App will no longer be able to access the account, for everyone in it. ' +
        'This cannot be undone: everyone would have to consent again.',
    );
    await ownerDialog.getByRole('button', { name: 'Remove' }).click();
    await ownerDialog.waitFor({ state: 'hidden' });
    await ownerPage.getByText('You have not authorized any applications.').waitFor();

    await expect(refresh(careApp, careRefreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await introspect(careApp, careRefreshed.access_token)).toEqual({ active: false });
    expect(await introspect(careApp, careTokens.accessToken)).toEqual({ active: false });

    // Gone for the secondary user too.
    await memberPage.reload();
    await memberPage.getByText('You have not authorized any applications.').waitFor();
    expect((await apiFromPage(memberPage, 'GET', '/api/authorized_apps')).json.data.authorized_apps.array).toEqual([]);
  });
  it('shows an application’s permissions on a phone where they can be read', async (test) => {
    const width = 412;
    const { page } = await openPage(browser, test, { baseURL: server.url, viewport: { width, height: 823 } });
    await consentThroughBrowser(page, owner, fitTracker);
    await page.goto('/pages/authorized-apps');
    // The table scrolls sideways on a phone; the View button is in its fourth column, so pressing it scrolls there.
    await appRow(page, 'Fit Tracker').getByRole('button', { name: 'View permissions of Fit Tracker' }).click();
    await page.getByTestId('permissions').waitFor();
    // Where the words of the list are drawn: inside the screen, not left of it with the table's first columns.
    const drawn = await page.getByTestId('permissions').evaluate((list) => {
      const range = document.createRange();
      range.selectNodeContents(list);
      const { left, right } = range.getBoundingClientRect();
      return { left, right, text: list.textContent };
    });
    expect(drawn.text).toContain('User profile: read-only');
    expect(drawn.left).toBeGreaterThanOrEqual(0);
    expect(drawn.right).toBeLessThanOrEqual(width);
  });
});
