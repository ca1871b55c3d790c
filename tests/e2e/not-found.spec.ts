/**
 * Addresses the portal does not have: the translated not-found page in the portal's frame, with the status saying so,
 * for a plain unknown path and for one the server cannot even decode.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, setupBrowserSuite } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

describe('unknown address', () => {
  it.for([
    ['/pages/nope', 404],
    ['/nope', 404],
    ['/pages/%E0%A4%A', 400],
    ['/pages/x%00', 400],
  ] as const)('%s shows the not-found page (%i) with the logo and the way to log in', async ([path, status], test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('Page not found: there is nothing at this address.').waitFor();
    await page.getByRole('img', { name: 'Monitoring service' }).waitFor();
    // Never the API's JSON on screen.
    expect(await page.textContent('body')).not.toContain('"success"');

    await page.getByRole('link', { name: 'Go to the login page' }).click();
    await page.waitForURL('**/pages/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
});
