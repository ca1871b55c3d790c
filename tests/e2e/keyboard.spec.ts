/**
 * Keyboard only, in Chromium against the real server: login, signup, recovery, consent and creating a grant with
 * Tab, Shift+Tab, Enter and Space (page.keyboard, never a click), checking where focus is at each step.
 */
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#server/modules/users/users.repository.ts';
import { eventually, landsOn, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { until } from '../support/fake-smtp.ts';
import { authorizeUrl, type ClientApp, freePort, registerClient, startClientApp } from '../support/oauth-client.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let clientApp: ClientApp;
let owner: UserRecord;

beforeAll(async () => {
  const port = await freePort();
  [server, browser, clientApp] = await Promise.all([
    startE2eServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    launchBrowser(),
    startClientApp(),
  ]);
  owner = await createUser(server, { email: 'kim@example.com', name: 'Kim Keys', owner: true, apiAccess: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await clientApp?.close();
});

/** The focused element as "tag[role]:name", e.g. "input:Email", "button:Log in", "div[alert]:Invalid email…". */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const labels = (element as HTMLInputElement).labels;
    const name =
      element.getAttribute('aria-label') ??
      (labels && labels.length > 0 ? labels[0].textContent : null) ??
      element.textContent ??
      '';
    const role = element.getAttribute('role');
    return `${element.tagName.toLowerCase()}${role ? `[${role}]` : ''}:${name.replace(/\s+/g, ' ').trim()}`;
  });
}

function focusedAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate((attribute) => document.activeElement?.getAttribute(attribute) ?? null, name);
}

/** Presses Tab (or Shift+Tab) until focus is on `target`; fails when it takes more than `limit` presses. */
async function tabTo(page: Page, target: string, { back = false, limit = 20 } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await focused(page)) === target) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await focused(page)).toBe(target);
}

async function logInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await eventually(() => focused(page)).toBe('input:Email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('input:Password');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

describe('keyboard only', () => {
  it('logs in: first field focused, show/hide by Tab and Space, focus on the error, then in', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await eventually(() => focused(page)).toBe('input:Email');

    // Nothing typed: the error is about the email field, which gets focus, marked and described.
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await eventually(() => focused(page)).toBe('input:Email');
    expect(await focusedAttribute(page, 'aria-invalid')).toBe('true');
    const describedBy = await focusedAttribute(page, 'aria-describedby');
    expect(await page.locator(`[id="${describedBy!.split(' ')[0]}"]`).textContent()).toBe('Please enter your email');

    await page.keyboard.type(owner.email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input:Password');
    await page.keyboard.type('Wrong-Password-1');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Show or hide password');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('input:Password');

    // Wrong credentials are about no single field: focus goes to the message.
    await page.keyboard.press('Enter');
    await eventually(() => focused(page)).toBe('div[alert]:Invalid email or password');
    expect(await focusedAttribute(page, 'tabindex')).toBe('-1');

    await tabTo(page, 'input:Password');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DEFAULT_TEST_PASSWORD);
    await page.keyboard.press('Enter');
    await landsOn(page, '**/pages/main');
  });

  it('recovers a password: the email field first, focus on it when it is wrong', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/recover');
    await eventually(() => focused(page)).toBe('input:Email');
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await eventually(() => focused(page)).toBe('input:Email');
    expect(await focusedAttribute(page, 'aria-invalid')).toBe('true');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(owner.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  });

  it('signs up: fields in order, the terms box by Space, the button by Enter', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/signup');
    await eventually(() => focused(page)).toBe('input:Email');
    await page.keyboard.type('tab@example.com');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input:Name');
    await page.keyboard.type('Tab Tester');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input:Password');
    await page.keyboard.type('KeyboardOnly123');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Show or hide password');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^input:I accept the terms and conditions/);
    await page.keyboard.press('Space');
    expect(await page.getByLabel(/I accept the/).isChecked()).toBe(true);

    // The proof-of-work captcha answers in a worker; until it has, the page says so and focus goes to that message.
    const done = page.getByRole('heading', { name: /Verify your email|Your account is ready/ });
    await until(async () => {
      await tabTo(page, 'button:Sign up');
      await page.keyboard.press('Enter');
      await done.or(page.getByRole('alert')).first().waitFor();
      return (await done.count()) > 0 || undefined;
    }, 20_000);
  });

  it('consents: logs in and accepts with the keyboard; the app gets its code', async (test) => {
    const app = await registerClient(server, owner, {
      grantType: 'authorization_code',
      applicationName: 'Keyboard App',
      redirectUris: [clientApp.redirectUri],
    });
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const url = await authorizeUrl(server, {
      client: app,
      scope: 'user:read',
      redirectUri: clientApp.redirectUri,
      state: 'kbd',
      codeVerifier,
    });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto(url);
    await page.waitForURL('**/pages/login?return_to=*');
    await logInByKeyboard(page, owner.email, DEFAULT_TEST_PASSWORD);
    await page.waitForURL('**/pages/consent?*');
    await page.getByRole('heading', { name: 'Allow Keyboard App to access your account?' }).waitFor();
    await tabTo(page, 'button:Accept', { limit: 40 });
    await page.keyboard.press('Enter');
    const query = await clientApp.next();
    await page.waitForURL(`${clientApp.redirectUri}?*`);
    expect(query.get('state')).toBe('kbd');
    expect(query.get('code')).toBeTruthy();

    // Removing it again: the dialog gives focus back to the Remove button that opened it.
    await page.goto('/pages/authorized-apps');
    await page.getByRole('cell', { name: 'Keyboard App', exact: true }).waitFor();
    await tabTo(page, 'button:Remove Keyboard App', { limit: 40 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await tabTo(page, 'button:Cancel');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await eventually(() => focused(page)).toBe('button:Remove Keyboard App');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await eventually(() =>
      page.evaluate(() => document.querySelector('[role=dialog]')?.contains(document.activeElement) ?? false),
    ).toBe(true);
    await tabTo(page, 'button:Remove');
    await page.keyboard.press('Enter');
    await page.getByText('You have not authorized any applications.').waitFor();
    // The button that opened the dialog went with its row: the reader is on the page's heading, not nowhere.
    await eventually(() => focused(page)).toBe('h1:Authorized applications');
  });

  it('revokes sessions: when the button that opened the dialog is gone, focus is on the page heading', async (test) => {
    const reader = await createUser(server, { email: 'rob@example.com', name: 'Rob Revoke', owner: true });
    // Two other devices of the same reader, named alike.
    for (let other = 0; other < 2; other += 1) {
      const { page: device } = await openPage(browser, test, { baseURL: server.url });
      await device.goto('/pages/login');
      await logInByKeyboard(device, reader.email, DEFAULT_TEST_PASSWORD);
      await device.waitForURL('**/pages/main');
    }
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/device-sessions')}`);
    await logInByKeyboard(page, reader.email, DEFAULT_TEST_PASSWORD);
    await page.waitForURL('**/pages/device-sessions');
    await eventually(() => page.locator('tbody tr').count()).toBe(3);

    const revokeOne = page.locator('tbody button', { hasText: /^Revoke$/ }).first();
    await revokeOne.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke session' });
    await confirm.waitFor();
    await tabTo(page, 'button:Revoke');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await eventually(() => page.locator('tbody tr').count()).toBe(2);
    // Its row went; the one button that reads as it did stands in for it.
    await eventually(() => focused(page)).toBe('button:Revoke Linux of Rob Revoke');

    // Revoke All leaves nothing to revoke, so its button stays disabled: focus waits on the heading, not on <body>.
    await tabTo(page, 'button:Revoke All');
    await page.keyboard.press('Enter');
    const confirmAll = page.getByRole('dialog', { name: 'Revoke all other sessions' });
    await confirmAll.waitFor();
    await tabTo(page, 'button:Revoke All');
    await page.keyboard.press('Enter');
    await confirmAll.waitFor({ state: 'detached' });
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    await eventually(() => focused(page)).toBe('h1:Device sessions');
  });

  it('creates a grant: opens the dialog, focus on the first field and on the field in error', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/credentials')}`);
    await logInByKeyboard(page, owner.email, DEFAULT_TEST_PASSWORD);
    await page.waitForURL('**/pages/credentials');
    await page.getByRole('heading', { name: 'OAuth credentials' }).waitFor();

    await tabTo(page, 'button:Create Grant', { limit: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create access grant' });
    await dialog.waitFor();
    await tabTo(page, 'button:Authorization code');
    await page.keyboard.press('Enter');
    await eventually(() => focused(page)).toBe('input:Application name');
    await page.keyboard.type('Keyboard Grant');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('textarea:Redirect URIs');
    await page.keyboard.type('not a url');
    await tabTo(page, 'button:Create');
    await page.keyboard.press('Enter');
    await eventually(() => focused(page)).toBe('textarea:Redirect URIs');
    expect(await focusedAttribute(page, 'aria-invalid')).toBe('true');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('https://keyboard.example/callback');
    await tabTo(page, 'button:Create');
    await page.keyboard.press('Enter');
    await dialog.getByText('The grant Keyboard Grant is ready.').waitFor();

    // Closed without copying the secret (so asked once more): focus goes back to the button that opened the dialog.
    await tabTo(page, 'button:Close');
    await page.keyboard.press('Enter');
    await tabTo(page, 'button:Close anyway');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => focused(page)).toBe('button:Create Grant');
  });
});
