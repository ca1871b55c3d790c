/**
 * Developer credentials in Chromium against the real server (product.md §2.3): what an owner with API access sees and
 * does on /pages/credentials, and what the secrets shown there do at the real token endpoint.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.ts';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { freePort } from '../support/fake-smtp.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // PUBLIC_URL is the address the browser uses, so the endpoints the page shows are the ones a client would call.
  const port = await freePort();
  [server, browser] = await Promise.all([
    startE2eServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, CLIENT_CAP_PER_GRANT_TYPE: '5' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function loginTo(page: Page, email: string, target: string): Promise<void> {
  await page.goto(`/pages/login?return_to=${encodeURIComponent(target)}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${target}`);
}

/** A third-party server asking for a token with the credentials the page showed, at the endpoint it showed. */
async function tokenStatus(
  clientId: string,
  secret: string,
  endpoint = `${server.url}/api/oauth/token`,
): Promise<{ status: number; error?: string }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error };
}

/** The OAuth information in an open dialog: what is shown, and what its copy buttons put on the clipboard. */
async function readSecrets(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const clientId = (await dialog.getByTestId('client-id').textContent())!.trim();
  const secret = (await dialog.getByTestId('client-secret').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Copy client secret' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  // The pointer is still on the button: its hover colour must be as readable as its own (the watcher scans this state
  // only when it happens to settle within the second "Copied" shows).
  await expectNoAxeViolations(page, 'a copy button just clicked, under the pointer');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Copy client ID' }).click();
  await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(clientId);
  expect(await dialog.getByRole('note').textContent()).toContain('it will not be available again');
  return { clientId, secret };
}

function row(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

describe('credentials', () => {
  it('lets an owner with API access create, use, rotate and delete grants', async (test) => {
    await createUser(server, { email: 'dev@example.com', owner: true, apiAccess: true });
    const { page } = await openPage(browser, test, {
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await loginTo(page, 'dev@example.com', '/pages/credentials');
    await page.getByRole('heading', { name: 'OAuth credentials' }).waitFor();
    await page.getByTestId('credentials-empty').waitFor();
    // The server's cap per grant type, before anything was made.
    expect(await page.getByTestId('grant-limits').textContent()).toBe(
      '0 of 5 client credentials grants · 0 of 5 authorization code grants',
    );

    // A client_credentials grant: the secret is shown once, copied, and works at the token endpoint.
    await page.getByRole('button', { name: 'Create Grant' }).click();
    const create = page.getByRole('dialog', { name: 'Create access grant' });
    await create.getByRole('button', { name: 'Client credentials' }).click();
    await create.getByLabel('Application name').fill('E2E Export');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The grant E2E Export is ready.').waitFor();
    const cc = await readSecrets(page, 'Create access grant');
    expect(cc.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await tokenStatus(cc.clientId, cc.secret)).toEqual({ status: 200, error: undefined });
    await create.getByRole('button', { name: 'Close', exact: true }).click();
    await create.waitFor({ state: 'hidden' });
    // The list refreshed on close: the new row, its type and its Setup link.
    const ccRow = row(page, 'E2E Export');
    await ccRow.waitFor();
    expect(await ccRow.textContent()).toContain('Client credentials');
    expect(await ccRow.getByRole('link', { name: 'Setup' }).getAttribute('href')).toMatch(
      /^\/pages\/alert-forwarding-config\?client_uid=/,
    );

    // An authorization_code grant: redirect URIs one a line, a warning for a foreign host that does not block.
    await page.getByRole('button', { name: 'Create Grant' }).click();
    await create.getByRole('button', { name: 'Authorization code' }).click();
    // The redirect-URI limits, said before they bite.
    await create
      .getByText(
        'One URI per line, at most 10, each at most 2048 characters; required for an authorization code grant.',
      )
      .waitFor();
    await create.getByLabel('Application name').fill('E2E Care App');
    await create.getByRole('button', { name: 'Create' }).click();
    expect(await create.getByRole('alert').textContent()).toContain(
      'An authorization code grant needs at least one redirect URI',
    );
    await create.getByLabel('Redirect URIs').fill(`${server.url}/callback\nhttps://partner.example/cb`);
    await eventually(() => create.getByTestId('uri-warning').allTextContents()).toEqual([
      `https://partner.example/cb does not start with ${server.url}. Check that it is the address you mean.`,
    ]);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The grant E2E Care App is ready.').waitFor();
    const ac = await readSecrets(page, 'Create access grant');
    expect(ac.clientId).not.toBe(cc.clientId);
    await create.getByRole('button', { name: 'Close', exact: true }).click();
    const acRow = row(page, 'E2E Care App');
    await acRow.waitFor();
    await eventually(() => page.getByTestId('grant-limits').textContent()).toBe(
      '1 of 5 client credentials grants · 1 of 5 authorization code grants',
    );
    expect(await acRow.textContent()).toContain(`${server.url}/callbackhttps://partner.example/cb`);

    // The token request above shows as the last use, after a refresh.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await eventually(async () => (await ccRow.getByRole('cell').nth(6).textContent())?.trim()).not.toBe('Never');
    expect((await acRow.getByRole('cell').nth(6).textContent())?.trim()).toBe('Never');

    // Change the secret: confirmed, shown once; the old one is refused at once, the new one works.
    await ccRow.getByRole('button', { name: 'Change' }).click();
    const confirmChange = page.getByRole('dialog', { name: 'Change client secret' });
    expect(await confirmChange.textContent()).toContain('The old secret stops working at once.');
    await confirmChange.getByRole('button', { name: 'Change secret' }).click();
    const newSecret = page.getByRole('dialog', { name: 'OAuth information' });
    await newSecret.waitFor();
    // A stray Escape or click outside does not lose the new secret; Close without a copy asks first.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await newSecret.isVisible()).toBe(true);
    await newSecret.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await newSecret.getByTestId('discard-question').textContent()).toBe(
      'You have not copied the secret. It will not be shown again. Close anyway?',
    );
    await newSecret.getByRole('button', { name: 'Keep open' }).click();
    await newSecret.getByTestId('discard-question').waitFor({ state: 'detached' });
    const rotated = await readSecrets(page, 'OAuth information');
    expect(rotated.clientId).toBe(cc.clientId);
    expect(rotated.secret).not.toBe(cc.secret);
    expect(await tokenStatus(cc.clientId, cc.secret)).toEqual({ status: 400, error: 'invalid_client' });
    expect((await tokenStatus(cc.clientId, rotated.secret)).status).toBe(200);
    await page
      .getByRole('dialog', { name: 'OAuth information' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    // The OAuth information of an existing row: its client_id, scopes and this portal's endpoints, never a secret.
    await acRow.getByRole('button', { name: 'OAuth information' }).click();
    const info = page.getByRole('dialog', { name: 'OAuth information' });
    expect((await info.getByTestId('client-id').textContent())?.trim()).toBe(ac.clientId);
    expect(await info.getByTestId('client-secret').count()).toBe(0);
    expect(await info.getByTestId('client-scope').textContent()).toContain('user:write');
    expect(await info.getByTestId('authorization-endpoint').textContent()).toBe(`${server.url}/api/oauth/authorize`);
    await info.getByRole('button', { name: 'Copy token endpoint' }).click();
    const tokenEndpoint = await page.evaluate(() => navigator.clipboard.readText());
    expect(tokenEndpoint).toBe(`${server.url}/api/oauth/token`);
    // The endpoint as shown is where the rotated secret gets a token.
    expect((await tokenStatus(cc.clientId, rotated.secret, tokenEndpoint)).status).toBe(200);
    await info.getByRole('button', { name: 'Close', exact: true }).click();

    // Delete: confirmed, permanent; the row goes and the client is refused.
    await ccRow.getByRole('button', { name: 'Delete' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete grant' });
    expect(await confirmDelete.textContent()).toContain('permanently');
    // Read once the dialog has finished opening: half-way through its fade axe cannot tell the colours apart.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoAxeViolations(page, 'the confirmation to delete a grant');
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await ccRow.waitFor({ state: 'detached' });
    expect(await tokenStatus(cc.clientId, rotated.secret)).toEqual({ status: 400, error: 'invalid_client' });
    await page.reload();
    await acRow.waitFor();
    expect(await row(page, 'E2E Export').count()).toBe(0);
  });

  it('asks before a reload or a closed tab loses a secret not yet copied', async (test) => {
    await createUser(server, { email: 'reload@example.com', owner: true, apiAccess: true });
    const { page } = await openPage(browser, test, {
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await loginTo(page, 'reload@example.com', '/pages/credentials');
    await page.getByRole('button', { name: 'Create Grant' }).click();
    const create = page.getByRole('dialog', { name: 'Create access grant' });
    await create.getByRole('button', { name: 'Client credentials' }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByTestId('client-secret').waitFor();

    // The browser's own question, the only one a page may ask as it unloads; staying keeps the secret on screen.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await eventually(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    expect(await create.getByTestId('client-secret').isVisible()).toBe(true);

    // Once copied, nothing is lost: the tab closes without a question.
    await create.getByRole('button', { name: 'Copy client secret' }).click();
    await create.getByRole('button', { name: 'Copied' }).waitFor();
    await page.close({ runBeforeUnload: true });
    await eventually(() => page.isClosed()).toBe(true);
    expect(asked).toEqual(['beforeunload']);
  });

  it('shows a member who is not the owner the owner-only message', async (test) => {
    await createUser(server, { email: 'boss@example.com', owner: true, apiAccess: true });
    await createUser(server, { email: 'member@example.com', owner: false, groupOfEmail: 'boss@example.com' });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await loginTo(page, 'member@example.com', '/pages/credentials');
    await eventually(() => page.getByRole('alert').textContent()).toBe('Only the account owner can access this page');
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
