/**
 * The error page in Chromium: it says what the portal knows about the code in its link, never the link's own words.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, setupBrowserSuite } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

describe('error page', () => {
  it('prints no sentence from its link, and translates the codes it knows', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const description = page.getByTestId('error-description');

    await page.goto(
      `/pages/error?error_description=${encodeURIComponent('Your account has been suspended. Call +1 555 0100 now.')}`,
    );
    await page.getByRole('heading', { name: 'An error occurred' }).waitFor();
    expect(await description.textContent()).toBe('The request could not be completed. Go back and try again.');
    expect(await page.locator('main').textContent()).not.toContain('suspended');

    await page.goto('/pages/error?error=invalid_request&error_description=invalid_redirect_uri');
    await page.getByRole('heading', { name: 'An error occurred' }).waitFor();
    expect(await description.textContent()).toBe('The application asked to return to an address it did not register');
  });
});
