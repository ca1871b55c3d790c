/**
 * A session ended elsewhere is over in every browser: the same user signed in on two browsers, a password reset in
 * one ends the other's session, and the other, which still holds its claims cookie, opens /pages/main on the login
 * page (coming back to /pages/main) without ever showing "You are signed in".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landsOn, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { linkPath, waitForMail } from '../support/outbox.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

const EMAIL = 'rita@example.com';
const SIGNED_IN = 'You are signed in';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  await createUser(server, { email: EMAIL, name: 'Rita Reset', owner: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records, from the first paint of every document, whether the signed-in heading ever showed, even for a frame. */
async function watchForSignedIn(page: Page): Promise<void> {
  await page.addInitScript((text) => {
    const w = window as unknown as { sawSignedIn: boolean };
    w.sawSignedIn = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(text)) w.sawSignedIn = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, SIGNED_IN);
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/pages/login');
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await landsOn(page, '**/pages/main');
  await page.getByRole('heading', { name: SIGNED_IN }).waitFor();
}

describe('a session ended elsewhere', () => {
  it('sends the other browser to login with return_to after a password reset, never showing it signed in', async (test) => {
    const other = await openPage(browser, test, { baseURL: server.url });
    const resetter = await openPage(browser, test, { baseURL: server.url });
    await logIn(other.page);
    await logIn(resetter.page);

    // The reset, with its "log out everywhere", from the second browser.
    await resetter.page.goto('/pages/recover');
    await resetter.page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await resetter.page.getByRole('button', { name: 'Send' }).click();
    await resetter.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const mail = await waitForMail(server, EMAIL, { kind: 'reset' });
    await resetter.page.goto(linkPath(mail));
    await resetter.page.getByLabel('New password').fill('BrandNewPass789');
    await resetter.page.getByRole('button', { name: 'Submit' }).click();
    await resetter.page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The first browser still believes in its session: the claims cookie is there, only the server knows better.
    const cookies = await other.page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain('sid_claims');

    await watchForSignedIn(other.page);
    await other.page.goto('/pages/main');
    await other.page.waitForURL('**/pages/login?return_to=%2Fpages%2Fmain');
    expect(new URL(other.page.url()).search).toBe('?return_to=%2Fpages%2Fmain');
    await other.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await other.page.evaluate(() => (window as unknown as { sawSignedIn: boolean }).sawSignedIn)).toBe(false);

    // Signing in again brings it back where it was going.
    await other.page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await other.page.getByLabel('Password', { exact: true }).fill('BrandNewPass789');
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await landsOn(other.page, '**/pages/main');
    await other.page.getByRole('heading', { name: SIGNED_IN }).waitFor();
  });

  it('says so on the login page when an action on an open page finds the session gone (logged out in another tab)', async (test) => {
    await createUser(server, { email: 'dev@example.com', name: 'Dev Owner', owner: true, apiAccess: true });
    const { page, context } = await openPage(browser, test, { baseURL: server.url });
    await page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/credentials')}`);
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await landsOn(page, '**/pages/credentials');
    await page.getByRole('heading', { name: 'OAuth credentials' }).waitFor();

    // Another tab of the same browser logs out.
    const tab = await context.newPage();
    await tab.goto('/pages/logout');
    await tab.getByRole('heading', { name: 'You have been logged out' }).waitFor();

    await page.getByRole('button', { name: 'Create Grant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create access grant' });
    await dialog.getByRole('button', { name: 'Client credentials' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/pages/login?return_to=%2Fpages%2Fcredentials');
    await page.getByRole('status').filter({ hasText: 'Your session has ended. Log in again to continue.' }).waitFor();
  });
});
