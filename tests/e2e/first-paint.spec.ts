/**
 * The first screen of each public page comes from the HTML the server sends: it is there with scripts off, and when
 * they run React takes over the very same elements (hydration) without moving anything and without a warning.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { eventually, openPage, setupBrowserSuite } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

const PAGES = [
  [pagePaths.login, 'Sign in'],
  [pagePaths.signup, 'Sign up'],
  [`${pagePaths.signupInvited}?invitation=unknown`, 'Invitation'],
  [pagePaths.recover, 'Recover your password'],
  [`${pagePaths.passwordReset}?reset_token=unknown`, 'Set a new password'],
  [`${pagePaths.signupResend}?email=ann%40example.com`, 'Verify your email'],
  [`${pagePaths.alexaTogether}?request=unknown`, 'Alexa Together'],
  [`${pagePaths.error}?error=server_error`, 'An error occurred'],
  [pagePaths.accessDenied, 'Access Denied'],
  ['/pages/nope', 'Unexpected Application Error!'],
] as const;

/** Where the heading, the first field and the first button are: what a reader sees move if the layout flashes. */
function layout(page: Page) {
  return page.evaluate(() =>
    ['h1', 'main input:not([type=hidden])', 'main button'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector}: none`;
      const box = element.getBoundingClientRect();
      return `${selector}: ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}

/**
 * Records every console error, and from the first byte the page frame's footer as the parser inserts it. Hydration
 * adopts that very element (React marks it as its own); a client render would replace it with another.
 */
async function watchHydration(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const footer = document.querySelector('#root footer');
      if (footer) {
        (window as unknown as { parsedFooter: Element }).parsedFooter = footer;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    // Ids the page rewrites after the parser wrote them: hydration keeps the server's ids (a label's `for`, an input's
    // `id`), so a rewrite means React re-rendered and patched the page right after taking it over.
    const rewritten: string[] = [];
    (window as unknown as { rewrittenIds: string[] }).rewrittenIds = rewritten;
    new MutationObserver((records) => {
      for (const { target, attributeName, oldValue } of records) {
        const now = (target as Element).getAttribute(attributeName ?? '');
        if (oldValue !== null && oldValue !== now) rewritten.push(`${attributeName}: ${oldValue} -> ${now}`);
      }
    }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['id', 'for'] });
  });
  return errors;
}

const rewrittenIds = (page: Page) =>
  page.evaluate(() => (window as unknown as { rewrittenIds: string[] }).rewrittenIds);

/** The footer the parser inserted is still in the page, and React has adopted it. */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const parsed = (window as unknown as { parsedFooter?: Element }).parsedFooter;
    return (
      parsed !== undefined &&
      parsed === document.querySelector('#root footer') &&
      Object.keys(parsed).some((key) => key.startsWith('__reactFiber$'))
    );
  });

/**
 * Holds the requests matching `pattern` until the returned function is called: the scripts, so the page can be
 * measured as the server sent it, or the API, so it stays in the state it hydrated in.
 */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('each public page paints from HTML, then hydrates in place', () => {
  it.for(PAGES)('%s', async ([path, heading], test) => {
    // A phone: the narrow layout is the one most readers get.
    const viewport = { width: 375, height: 740 };
    const { page: still } = await openPage(browser, test, {
      baseURL: server.url,
      javaScriptEnabled: false,
      viewport,
      axe: false,
    });
    await still.goto(path);
    await still.getByRole('heading', { level: 1, name: heading }).waitFor();

    // The same page before and after its scripts run (so with the same fonts): nothing may move.
    const { page } = await openPage(browser, test, { baseURL: server.url, viewport });
    const errors = await watchHydration(page);
    const releaseApi = await hold(page, '**/api/**');
    const releaseScripts = await hold(page, '**/assets/*.js');
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // The preloaded fonts may still be arriving when the heading first shows; a font that lands later moves text
    // whether or not scripts run, so the comparison starts once the document's fonts have settled.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = await layout(page);
    releaseScripts();
    await eventually(() => hydrated(page)).toBe(true);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await layout(page)).toEqual(before);
    releaseApi();
    await page.waitForLoadState('networkidle');
    expect(await rewrittenIds(page)).toEqual([]);
    // An unknown token or address is answered 4xx, which the console reports as a failed load; anything else (a
    // hydration mismatch, an exception) is an error.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });
});

describe('the language of the first paint', () => {
  it('is the browser language, and the switcher choice from the next page on', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url, locale: 'ja-JP' });
    const errors = await watchHydration(page);
    const response = await page.goto(pagePaths.login, { waitUntil: 'networkidle' });
    expect(await response!.text()).toContain('data-locale="ja-jp"');
    await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
    await eventually(() => hydrated(page)).toBe(true);

    await page.getByRole('combobox').selectOption({ label: 'Suomi' });
    await page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }).waitFor();

    const next = await page.goto(pagePaths.recover, { waitUntil: 'networkidle' });
    expect(await next!.text()).toContain('data-locale="fi-fi"');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi-fi');
    await eventually(() => hydrated(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('what a reader does before the scripts run', () => {
  it('is kept: typed values reach the form, and the browser does not submit it itself', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const errors = await watchHydration(page);
    // The scripts are held back: the reader meets the server's page alone, as on a slow phone.
    const releaseScripts = await hold(page, '**/assets/*.js');
    const logins: unknown[] = [];
    await page.route('**/api/login', async (route) => {
      logins.push(route.request().postDataJSON());
      await route.fulfill({ status: 401, json: { success: false, code: 1, name: 'InvalidCredentials', message: 'x' } });
    });

    // Module scripts hold up DOMContentLoaded: the page is there once it has its heading.
    await page.goto(pagePaths.login, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret1234');
    // Nothing can act yet: the button and the language switcher are not offered, and Enter does not make the browser
    // submit the form itself (which would put the password into the address).
    expect(await page.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Language' }).isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(page.url()).toBe(`${server.url}${pagePaths.login}`);

    releaseScripts();
    await eventually(() => hydrated(page)).toBe(true);
    // The typed values are the form's: submitting sends them.
    expect(await page.getByRole('combobox', { name: 'Language' }).isEnabled()).toBe(true);
    expect(await page.locator('input[name="username"]').inputValue()).toBe('early@example.com');
    await page.locator('input[name="password"]').press('Enter');
    await eventually(() => logins.length).toBe(1);
    expect(logins[0]).toMatchObject({ username: 'early@example.com', password: 'Secret1234' });
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });

  // The form appears to React at hydration, not to the reader: focusing its first field then would send the rest of a
  // password being typed into the Email field, in clear.
  it('keeps the reader in the field they are typing in when the scripts take over', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const errors = await watchHydration(page);
    const releaseScripts = await hold(page, '**/assets/*.js');
    await page.goto(pagePaths.login, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).click();
    await page.keyboard.type('Secret');

    releaseScripts();
    await eventually(() => hydrated(page)).toBe(true);
    await page.keyboard.type('1234');
    expect(await page.locator('input[name="username"]').inputValue()).toBe('early@example.com');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('Secret1234');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    expect(errors).toEqual([]);
  });

  it('is kept: a box ticked before the scripts ran is ticked in the form', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const errors = await watchHydration(page);
    const releaseScripts = await hold(page, '**/assets/*.js');
    await page.goto(pagePaths.signup, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    const terms = page.getByLabel(/I accept the/);
    await terms.click();
    expect(await page.getByRole('button', { name: 'Sign up' }).isDisabled()).toBe(true);

    releaseScripts();
    await eventually(() => hydrated(page)).toBe(true);
    // The machine heard of the tick: the box stays ticked and the button it unlocks is offered (product.md §2).
    expect(await terms.isChecked()).toBe(true);
    await eventually(() => page.getByRole('button', { name: 'Sign up' }).isEnabled()).toBe(true);
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });
});
