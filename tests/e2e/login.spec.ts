/**
 * The login flow in Chromium against the real server: what a person sees and where they end up.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserWithCli, eventually, landsOn, openPage, setupBrowserSuite } from '../support/browser.ts';
import { createUser, DEFAULT_TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

function emailField(page: Page) {
  return page.getByLabel('Email', { exact: true });
}
function passwordField(page: Page) {
  return page.getByLabel('Password', { exact: true });
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  // The server-rendered form's Log in stays disabled until the page is live, and Enter submits nothing before then:
  // a person types into a form whose button is enabled (tests/server/page-document.test.ts: no first screen has one).
  await eventually(() => page.getByRole('button', { name: 'Log in', exact: true }).isEnabled()).toBe(true);
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
}

/** The portal's own path and query, the way the address bar shows them. */
function portalLocation(page: Page): string {
  const url = new URL(page.url());
  expect(url.origin).toBe(server.url);
  return url.pathname + url.search;
}

async function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/session', { credentials: 'same-origin' })).status);
}

describe('login', () => {
  it('signs a CLI-made owner in to the shell, shows the menu, and logs out', async (test) => {
    const user = await createUserWithCli(server, {
      email: 'owner@example.com',
      name: 'Olga Owner',
      owner: true,
      apiAccess: true,
    });
    const { page } = await openPage(browser, test, { baseURL: server.url });

    await page.goto('/pages/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await fillLogin(page, user.email, user.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await landsOn(page, '**/pages/main');
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    expect(await page.title()).toBe('Account · Monitoring service');

    // The first Tab stop is the skip link, drawn only while focused; it puts focus in the page's main landmark.
    // Found by its target, not its words: a new string shows as its id until the catalogs carry it.
    const skip = page.locator('a[href="#main-content"]');
    expect(await skip.count()).toBe(1);
    expect((await skip.boundingBox())!.y).toBeLessThan(0);
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((node) => node === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(await page.getByRole('main').getAttribute('id')).toBe('main-content');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await eventually(async () => (await drawer.boundingBox())?.width).toBe(300);
    for (const name of ['Device sessions', 'Authorized applications', 'OAuth credentials']) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    expect(await drawer.getByRole('link', { name: 'Device sessions' }).getAttribute('href')).toBe(
      '/pages/device-sessions',
    );
    expect(await drawer.locator('.mantine-Drawer-close').getAttribute('aria-label')).toBeTruthy();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/pages/logout');
    await page.getByRole('heading', { name: 'You have been logged out' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await sessionStatus(page)).toBe(401);
  });

  it('locks the account after five wrong passwords and counts the lock down', async (test) => {
    const user = await createUser(server, { email: 'locked@example.com' });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');
    const submit = page.getByRole('button', { name: 'Log in' });
    const alert = page.getByRole('alert');

    await fillLogin(page, user.email, 'Wrong-password-1');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST');
      await submit.click();
      expect((await answered).status()).toBeGreaterThanOrEqual(400);
      if (attempt < 5) {
        await eventually(() => alert.textContent()).toContain('Invalid email or password');
        await eventually(() => submit.isEnabled()).toBe(true);
      }
    }

    await eventually(() => alert.textContent()).toContain(
      'Your account is locked because of too many failed login attempts. Try again in',
    );
    const countdown = /Try again in (\d+) min (\d+) s\./;
    const first = (await alert.textContent()) ?? '';
    const [, minutes, seconds] = countdown.exec(first) ?? [];
    expect(Number(minutes) * 60 + Number(seconds), first).toBeGreaterThan(14 * 60);
    expect(await submit.isDisabled()).toBe(true);
    // It is a countdown, not a fixed figure.
    await eventually(() => alert.textContent()).not.toBe(first);
    expect(await submit.isDisabled()).toBe(true);

    // The lock is this account's: another email can log in at once, and the locked one is locked again when typed back.
    const email = emailField(page);
    await email.fill('someone-else@example.com');
    await eventually(() => submit.isEnabled()).toBe(true);
    expect(await alert.count()).toBe(0);
    await email.fill(user.email.toUpperCase());
    await eventually(() => submit.isDisabled()).toBe(true);
    await eventually(() => alert.textContent()).toMatch(countdown);
  });

  it('never leaves the portal for a foreign return_to, and honours a portal one', async (test) => {
    const user = await createUser(server, { email: 'traveller@example.com', owner: false });
    const foreign = await openPage(browser, test, { baseURL: server.url });
    await foreign.page.goto(`/pages/login?return_to=${encodeURIComponent('https://elsewhere.example')}`);
    await fillLogin(foreign.page, user.email, DEFAULT_TEST_PASSWORD);
    await foreign.page.getByRole('button', { name: 'Log in' }).click();
    await foreign.page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    expect(portalLocation(foreign.page)).toBe('/pages/main');

    // Not an owner with API access: the developer entry stays out of the drawer.
    await foreign.page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = foreign.page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Authorized applications' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'OAuth credentials' }).count()).toBe(0);

    const local = await openPage(browser, test, { baseURL: server.url });
    await local.page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/main?x=1')}`);
    await fillLogin(local.page, user.email, DEFAULT_TEST_PASSWORD);
    await local.page.getByRole('button', { name: 'Log in' }).click();
    await local.page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    expect(portalLocation(local.page)).toBe('/pages/main?x=1');
  });

  it('comes back only to pages: return_to=/api/logout neither logs out nor lands on JSON', async (test) => {
    const user = await createUser(server, { email: 'return-to@example.com', owner: false });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/logout' || path === '/api/config') apiCalls.push(`${request.resourceType()} ${path}`);
    });

    await page.goto(`/pages/login?return_to=${encodeURIComponent('/api/logout')}`);
    await fillLogin(page, user.email, DEFAULT_TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    expect(portalLocation(page)).toBe('/pages/main');
    expect(await sessionStatus(page)).toBe(200);

    // Signed in, such a link resumes the session to the main page: the session survives, whatever the disguise.
    for (const target of ['/api/logout', '/pages/%2e%2e/api/logout', '/api/config']) {
      await page.goto(`/pages/login?return_to=${encodeURIComponent(target)}`);
      await landsOn(page, '**/pages/main');
      await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
      expect(await sessionStatus(page)).toBe(200);
    }
    // The SPA reads its public config with fetch; no navigation ever went to an API URL.
    expect(apiCalls.filter((call) => call.startsWith('document'))).toEqual([]);

    // A page of the portal is still where return_to leads.
    await page.goto(`/pages/login?return_to=${encodeURIComponent('/pages/device-sessions')}`);
    await page.waitForURL('**/pages/device-sessions');
  });

  it('submits on Enter in either field and shows Processing while busy', async (test) => {
    const user = await createUser(server, { email: 'keyboard@example.com' });
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');

    await fillLogin(page, user.email, 'Not-the-password-1');
    await emailField(page).press('Enter');
    await eventually(() => page.getByRole('alert').textContent()).toContain('Invalid email or password');

    // Hold the answer in the browser so the busy state is observable; the server still does the real login.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await passwordField(page).fill(DEFAULT_TEST_PASSWORD);
    await passwordField(page).press('Enter');
    const busy = page.getByRole('button', { name: 'Processing' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await landsOn(page, '**/pages/main');
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
  });

  it('switches the language from the footer and keeps it after a reload', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');
    const switcher = page.getByRole('combobox', { name: 'Language' });
    await switcher.waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-us');

    await switcher.selectOption('fi-fi');
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('fi-fi');
    // The page itself now speaks Finnish: the heading is the catalog's translation, no longer the English text.
    const heading = translation('fi-fi', 'Sign in');
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in', exact: true }).count()).toBe(0);

    await page.reload();
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('fi-fi');
    // The switcher's accessible name is translated too now, so find it by its role in the footer.
    await eventually(() => page.locator('footer select').inputValue()).toBe('fi-fi');
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  });

  it("names itself in the tab and describes itself, in the reader's language and fonts, with a readable footer", async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    await page.goto('/pages/login');
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.title()).toBe('Log in · Monitoring service');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);

    // Every grey of the footer against the white it is drawn on: WCAG AA for small text.
    const colours = await page
      .locator('footer p')
      .evaluateAll((nodes) =>
        nodes.map((node) => [getComputedStyle(node).color, getComputedStyle(document.body).backgroundColor]),
      );
    expect(colours.length).toBeGreaterThan(0);
    for (const [foreground, background] of colours)
      expect(contrast(foreground!, background!)).toBeGreaterThanOrEqual(4.5);

    const switcher = page.getByRole('combobox', { name: 'Language' });
    const fontOf = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(await fontOf()).toMatch(/^Montserrat,/);
    expect(await fontOf()).not.toMatch(/Hiragino|PingFang/);

    await switcher.selectOption('ja-jp');
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('ja-jp');
    const japaneseTitle = `${translation('ja-jp', 'Log in')} · ${translation('ja-jp', 'Monitoring service')}`;
    await eventually(() => page.title()).toBe(japaneseTitle);
    expect(await fontOf()).toMatch(
      /^Montserrat, "Hiragino Kaku Gothic ProN", "Hiragino Sans", "Yu Gothic UI", Meiryo, "Noto Sans JP"/,
    );

    await page.locator('footer select').selectOption('zh-cn');
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('zh-cn');
    expect(await fontOf()).toMatch(/^Montserrat, "PingFang SC", "Microsoft YaHei", "Noto Sans SC"/);
    await page.locator('footer select').selectOption('zh-hk');
    await eventually(() => page.locator('html').getAttribute('lang')).toBe('zh-hk');
    expect(await fontOf()).toMatch(/^Montserrat, "PingFang HK", "PingFang TC", "Microsoft JhengHei"/);
    await eventually(() => page.title()).toBe(
      `${translation('zh-hk', 'Log in')} · ${translation('zh-hk', 'Monitoring service')}`,
    );
  });

  it('is full width with stacked links on a phone, and carries the query on links only when wide', async (test) => {
    const query = '?return_to=%2Fpages%2Fmain&short_lived=true';
    const wide = await openPage(browser, test, { baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await wide.page.goto(`/pages/login${query}`);
    const wideForgot = wide.page.getByRole('link', { name: 'Forgot password?' });
    await eventually(() => wideForgot.getAttribute('href')).toBe(`/pages/recover${query}`);
    const wideLinks = await linkBoxes(wide.page);
    expect(Math.abs(wideLinks.forgot.y - wideLinks.signUp.y)).toBeLessThan(4);

    const narrow = await openPage(browser, test, { baseURL: server.url, viewport: { width: 375, height: 740 } });
    await narrow.page.goto(`/pages/login${query}`);
    const narrowForgot = narrow.page.getByRole('link', { name: 'Forgot password?' });
    await eventually(() => narrowForgot.getAttribute('href')).toBe('/pages/recover');
    expect(await narrow.page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/pages/signup');

    const button = await narrow.page.getByRole('button', { name: 'Log in' }).boundingBox();
    const field = await emailField(narrow.page).boundingBox();
    expect(button && field).toBeTruthy();
    expect(Math.abs(button!.width - field!.width)).toBeLessThan(2);
    expect(button!.width).toBeGreaterThan(375 * 0.75);
    const narrowLinks = await linkBoxes(narrow.page);
    expect(narrowLinks.signUp.y).toBeGreaterThanOrEqual(narrowLinks.forgot.y + narrowLinks.forgot.height - 1);
  });
});

async function linkBoxes(page: Page) {
  const [forgot, signUp] = await Promise.all([
    page.getByRole('link', { name: 'Forgot password?' }).boundingBox(),
    page.getByRole('link', { name: 'Sign up' }).boundingBox(),
  ]);
  if (!forgot || !signUp) throw new Error('login links are not visible');
  return { forgot, signUp };
}

/** The catalog's translation of an English message (the i18n check guarantees every locale has a real one). */
/** WCAG contrast ratio of two opaque rgb() colours as getComputedStyle writes them. */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function translation(locale: string, msgid: string): string {
  const po = readFileSync(`locales/${locale}/messages.po`, 'utf8');
  const match = new RegExp(`^msgid ${JSON.stringify(msgid)}\\nmsgstr (".*")$`, 'm').exec(po);
  const text = match ? (JSON.parse(match[1]) as string) : '';
  if (text === '' || text === msgid) throw new Error(`${locale} has no translation of "${msgid}"`);
  return text;
}
