/**
 * Alert forwarding in Chromium against the real server: an owner reaches the page from the credentials table, sets it
 * up with a key made here, gets keys that really open the example alert, and manages the configuration.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let workDir: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  workDir = mkdtempSync(join(tmpdir(), 'alert-forwarding-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(workDir, { recursive: true, force: true });
});

const EXAMPLE_SCRIPT = resolve('docs/api/alert-forwarding-decrypt.mjs');

async function loginTo(page: Page, email: string, target: string): Promise<void> {
  await page.goto(`/pages/login?return_to=${encodeURIComponent(target)}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${target}`);
}

/** What a customer does with the keys dialog: run the downloaded example on the example alert. */
async function decrypt(
  example: string,
  privatePem: string,
  aesKey: string,
  portalPem: string,
  script = EXAMPLE_SCRIPT,
) {
  writeFileSync(join(workDir, 'alert.json'), example);
  writeFileSync(join(workDir, 'private.pem'), privatePem);
  writeFileSync(join(workDir, 'portal.pem'), portalPem);
  const args = [script, join(workDir, 'alert.json'), join(workDir, 'private.pem'), aesKey, join(workDir, 'portal.pem')];
  const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 20_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())!.trim();

describe('alert forwarding', () => {
  it('lets the owner set up from the credentials table, keep the keys, and manage the configuration', async (test) => {
    await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true, companyId: 'ACME-1' });
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const { page } = await openPage(browser, test, {
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
      acceptDownloads: true,
    });

    // A grant made on the credentials page; its Setup link opens this page.
    await loginTo(page, 'owner@example.com', '/pages/credentials');
    await page.getByRole('button', { name: 'Create Grant' }).click();
    const create = page.getByRole('dialog', { name: 'Create access grant' });
    await create.getByRole('button', { name: 'Client credentials' }).click();
    await create.getByLabel('Application name').fill('Alert Bridge');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The grant Alert Bridge is ready.').waitFor();
    // The secret is not needed here: closing without a copy asks, and Close anyway closes.
    await create.getByRole('button', { name: 'Close', exact: true }).click();
    await create.getByRole('button', { name: 'Close anyway' }).click();
    await page.getByRole('row').filter({ hasText: 'Alert Bridge' }).getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL('**/pages/alert-forwarding-config?client_uid=*');
    await page.getByTestId('not-configured').waitFor();

    // Set up: the page refuses plain http before asking the server, then saves the real key.
    await page.getByRole('button', { name: 'Set Up Alert Forwarding' }).click();
    const setup = page.getByRole('dialog', { name: 'Set Up Alert Forwarding' });
    expect(await setup.getByTestId('keygen-commands').textContent()).toContain(
      'openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
    );
    await setup.getByLabel('Webhook URL').fill('http://alerts.customer.example/hook');
    await setup.getByLabel('RSA public key').fill(publicPem);
    await setup.getByLabel('Webhook URL').press('Enter');
    expect(await setup.getByRole('alert').textContent()).toContain(
      'The webhook must be an https:// address on a public host',
    );
    await setup.getByLabel('Webhook URL').fill('https://alerts.customer.example/hook');
    await setup.getByRole('button', { name: 'Save' }).click();

    const keysDialog = page.getByRole('dialog', { name: 'Alert forwarding keys' });
    await keysDialog.waitFor();
    const aesKey = await text(page, 'aes-key');
    const portalKey = (await page.getByTestId('portal-public-key').textContent())!;
    const example = await text(page, 'example-alert');
    expect(aesKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await keysDialog.getByRole('note').textContent()).toContain('it will not be shown again');
    // The AES key survives a stray Escape or click outside; Close before copying it asks first.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await keysDialog.isVisible()).toBe(true);
    await keysDialog.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await keysDialog.getByTestId('discard-question').textContent()).toBe(
      'You have not copied the AES key. It will not be shown again. Close anyway?',
    );
    await keysDialog.getByRole('button', { name: 'Keep open' }).click();
    await keysDialog.getByTestId('discard-question').waitFor({ state: 'detached' });
    await keysDialog.getByRole('button', { name: 'Copy the AES key' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(aesKey);
    await keysDialog.getByRole('button', { name: 'Copy the portal RSA public key' }).click();
    const portalPem = await page.evaluate(() => navigator.clipboard.readText());
    expect(portalPem.replace(/\s+/g, ' ').trim()).toBe(portalKey.replace(/\s+/g, ' ').trim());

    // The decryption example the page offers is the one the docs describe, and it opens the example alert.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      keysDialog.getByRole('link', { name: 'Download the decryption example' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alert-forwarding-decrypt.mjs');
    const downloaded = join(workDir, 'downloaded-decrypt.mjs');
    await download.saveAs(downloaded);
    expect(readFileSync(downloaded, 'utf8')).toBe(readFileSync(EXAMPLE_SCRIPT, 'utf8'));
    const alert = await decrypt(example, privatePem, aesKey, portalPem, downloaded);
    expect(alert).toMatchObject({ version: 4, example: true });
    // The AES key was copied: Close closes at once.
    await keysDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await keysDialog.waitFor({ state: 'hidden' });

    // A reload shows the stored configuration with the portal's public key, but never the AES key again.
    await page.reload();
    await eventually(() => text(page, 'webhook-url')).toBe('https://alerts.customer.example/hook');
    expect((await text(page, 'group-public-key')).replace(/\s+/g, '')).toBe(publicPem.replace(/\s+/g, ''));
    expect((await text(page, 'configured-portal-public-key')).replace(/\s+/g, '')).toBe(portalPem.replace(/\s+/g, ''));
    // Selected and copied by hand rather than with Copy, a key keeps its lines: a PEM run into one line is no key.
    const selected = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return selection.toString();
      });
    expect((await selected('group-public-key')).trim()).toBe(publicPem.trim());
    expect((await selected('configured-portal-public-key')).trim()).toBe(portalPem.trim());
    await page.getByRole('button', { name: 'Copy the portal RSA public key' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(portalPem);
    expect(await text(page, 'credential-name')).toBe('Alert Bridge');
    expect(await page.getByTestId('aes-key').count()).toBe(0);

    // The documentation opens in a tab of its own, as a page of the portal with the Markdown drawn.
    const [docs] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Alert forwarding documentation' }).click(),
    ]);
    await docs.getByRole('heading', { name: 'Reading an alert', level: 2 }).waitFor();
    expect(new URL(docs.url()).pathname).toBe('/pages/docs/alert-forwarding');
    expect(await docs.textContent('body')).not.toContain('## Reading an alert');
    await docs.close();

    // Edit the webhook: saved, and still there after a reload.
    await page.getByRole('button', { name: 'Edit webhook URL' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook URL' });
    await edit.getByLabel('Webhook URL').fill('https://alerts.customer.example/v2');
    await edit.getByLabel('Webhook URL').press('Enter');
    await edit.waitFor({ state: 'hidden' });
    await page.reload();
    await eventually(() => text(page, 'webhook-url')).toBe('https://alerts.customer.example/v2');

    // Acquire New Keys: new keys that open a new example; the old AES key no longer does.
    await page.getByRole('button', { name: 'Acquire New Keys' }).click();
    await page
      .getByRole('dialog', { name: 'Acquire new keys' })
      .getByRole('button', { name: 'Acquire New Keys' })
      .click();
    await keysDialog.waitFor();
    const newAesKey = await text(page, 'aes-key');
    const newExample = await text(page, 'example-alert');
    await keysDialog.getByRole('button', { name: 'Copy the portal RSA public key' }).click();
    const newPortalPem = await page.evaluate(() => navigator.clipboard.readText());
    expect(newAesKey).not.toBe(aesKey);
    expect(await decrypt(newExample, privatePem, newAesKey, newPortalPem)).toMatchObject({ example: true });
    await expect(decrypt(newExample, privatePem, aesKey, newPortalPem)).rejects.toThrow();
    // The page behind names the new portal key at once.
    expect((await text(page, 'configured-portal-public-key')).replace(/\s+/g, '')).toBe(
      newPortalPem.replace(/\s+/g, ''),
    );
    // The new AES key was not copied this time: closing asks.
    await keysDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await keysDialog.getByRole('button', { name: 'Close anyway' }).click();
    await keysDialog.waitFor({ state: 'hidden' });

    // Stop Sending V3 Alerts: confirmed, and gone for good.
    await page.getByRole('button', { name: 'Stop Sending V3 Alerts' }).click();
    await page
      .getByRole('dialog', { name: 'Stop sending V3 alerts' })
      .getByRole('button', { name: 'Stop Sending V3 Alerts' })
      .click();
    await page.getByRole('button', { name: 'Stop Sending V3 Alerts' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('webhook-url').waitFor();
    expect(await page.getByRole('button', { name: 'Stop Sending V3 Alerts' }).count()).toBe(0);

    // Clear Data: confirmed, then the not-configured view, also after a reload; Back returns to the credentials.
    await page.getByRole('button', { name: 'Clear Data' }).click();
    await page.getByRole('dialog', { name: 'Clear data' }).getByRole('button', { name: 'Clear Data' }).click();
    await page.getByTestId('not-configured').waitFor();
    await page.reload();
    await page.getByTestId('not-configured').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/pages/credentials');
  });

  it('sends a member who is not the owner to the access denied page', async (test) => {
    await createUser(server, { email: 'boss@example.com', owner: true, apiAccess: true });
    await createUser(server, {
      email: 'member@example.com',
      owner: false,
      apiAccess: true,
      groupOfEmail: 'boss@example.com',
    });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await loginTo(page, 'member@example.com', '/pages/main');
    await page.goto('/pages/alert-forwarding-config?client_uid=whatever');
    await page.waitForURL('**/pages/access-denied');
  });
});
