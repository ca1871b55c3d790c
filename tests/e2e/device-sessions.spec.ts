/**
 * Device sessions in Chromium against the real server: one owner logged in from two "devices" (two browser contexts,
 * each its own cookies and user agent) and a secondary user on a third. The owner sees all three, revokes the other
 * device, which lands on the login page at its next call; Revoke All then signs out everyone but the owner's laptop.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const PAGE = '/pages/device-sessions';
const LOGIN_BACK_HERE = `/pages/login?return_to=${encodeURIComponent(PAGE)}`;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  await createUser(server, { email: 'olivia@example.com', name: 'Olivia Owner', owner: true });
  await createUser(server, { email: 'max@example.com', name: 'Max Member', groupOfEmail: 'olivia@example.com' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function logIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${PAGE}`);
}

/** A browser of its own (cookies, user agent) that logs in and opens the device sessions page. */
async function device(test: Parameters<typeof openPage>[1], userAgent: string, email: string): Promise<Page> {
  const { page } = await openPage(browser, test, { baseURL: server.url, userAgent });
  await page.goto(LOGIN_BACK_HERE);
  await logIn(page, email);
  await page.getByRole('heading', { name: 'Device sessions' }).waitFor();
  return page;
}

/** Each row as the reader sees it: user, device, and whether it is this device. */
async function rows(page: Page): Promise<string[][]> {
  const body = page.locator('tbody tr');
  const texts: string[][] = [];
  for (const row of await body.all()) {
    const cells = await row.getByRole('cell').allTextContents();
    texts.push([cells[0]!, cells[4]!, cells[6]!]);
  }
  return texts;
}

async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':enabled')).waitFor();
}

describe('device sessions', () => {
  it('shows every device of the account to its owner; revoking one sends that device to the login page', async (test) => {
    const laptop = await device(test, CHROME_LINUX, 'olivia@example.com');
    const desktop = await device(test, FIREFOX_WINDOWS, 'olivia@example.com');
    const phone = await device(test, SAFARI_IPHONE, 'max@example.com');

    // The member sees only their own session, and has nothing to revoke.
    await eventually(() => rows(phone)).toEqual([
      ['Max MemberSecondary User', 'Safari on iOSThis device', 'Use Logout to end this session'],
    ]);
    expect(await phone.getByRole('button', { name: 'Revoke All' }).isDisabled()).toBe(true);

    // The owner sees the account: their own sessions first, the member's labelled Secondary User. By last active (the
    // default) the desktop, which logged in last, leads; sorted by device the order no longer depends on timing.
    await refresh(laptop);
    await eventually(() => laptop.locator('tbody tr').count()).toBe(3);
    expect(await laptop.getByRole('columnheader', { name: 'Last active' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect((await rows(laptop)).map(([, device]) => device)).toEqual([
      'Firefox on Windows',
      'Chrome on LinuxThis device',
      'Safari on iOS',
    ]);
    await laptop.getByRole('button', { name: 'Device description' }).click();
    expect(await laptop.getByRole('columnheader', { name: 'Device description' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await eventually(() => rows(laptop)).toEqual([
      ['Olivia Owner', 'Chrome on LinuxThis device', 'Use Logout to end this session'],
      ['Olivia Owner', 'Firefox on Windows', 'Revoke'],
      ['Max MemberSecondary User', 'Safari on iOS', 'Revoke'],
    ]);
    expect(await laptop.locator('tbody tr').first().getByRole('cell').nth(5).textContent()).toBe('< Hour');

    await laptop.getByRole('button', { name: 'Revoke Firefox on Windows of Olivia Owner' }).click();
    const confirm = laptop.getByRole('dialog', { name: 'Revoke session' });
    expect(await confirm.textContent()).toContain('Sign out Firefox on Windows used by Olivia Owner?');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => rows(laptop)).toEqual([
      ['Olivia Owner', 'Chrome on LinuxThis device', 'Use Logout to end this session'],
      ['Max MemberSecondary User', 'Safari on iOS', 'Revoke'],
    ]);

    // The revoked desktop still shows its page; its next call is refused and it goes to log in, then comes back.
    await desktop.getByRole('button', { name: 'Refresh' }).click();
    await desktop.waitForURL(`**${LOGIN_BACK_HERE}`);
    expect((await desktop.context().cookies()).map((c) => c.name)).not.toContain('sid');
    await logIn(desktop, 'olivia@example.com');
    // A fresh session: the laptop, this new one, the phone.
    await eventually(() => desktop.getByText('This device', { exact: true }).count()).toBe(1);
    await eventually(() => desktop.locator('tbody tr').count()).toBe(3);

    // Revoke All: every other session of the account ends, the laptop stays signed in.
    await refresh(laptop);
    await eventually(() => laptop.locator('tbody tr').count()).toBe(3);
    await laptop.getByRole('button', { name: 'Revoke All' }).click();
    const confirmAll = laptop.getByRole('dialog', { name: 'Revoke all other sessions' });
    expect(await confirmAll.textContent()).toContain('This device stays signed in.');
    await confirmAll.getByRole('button', { name: 'Revoke All' }).click();
    await confirmAll.waitFor({ state: 'hidden' });
    await eventually(() => rows(laptop)).toEqual([
      ['Olivia Owner', 'Chrome on LinuxThis device', 'Use Logout to end this session'],
    ]);
    expect(await laptop.getByRole('button', { name: 'Revoke All' }).isDisabled()).toBe(true);

    for (const signedOut of [desktop, phone]) {
      await signedOut.reload();
      await signedOut.waitForURL(`**${LOGIN_BACK_HERE}`);
    }
    await laptop.reload();
    await eventually(() => rows(laptop)).toEqual([
      ['Olivia Owner', 'Chrome on LinuxThis device', 'Use Logout to end this session'],
    ]);
  });
});
