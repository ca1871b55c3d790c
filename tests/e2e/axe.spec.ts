/**
 * The accessibility watcher every browser test runs under: it must really scan the states a test walks through
 * (pages and dialogs) and really report a violation, or the silence of the other specs would prove nothing.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, watchAxe } from '../support/axe.ts';
import { openPage, setupBrowserSuite } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

describe('axe watcher', () => {
  it('scans each page and dialog state it settles into and reports rule, impact and selector', async (test) => {
    // The watcher under test is attached by hand so its findings can be inspected instead of failing this test.
    const { page } = await openPage(browser, test, { baseURL: server.url, axe: false });
    const scans = await watchAxe(page);
    await page.goto('/pages/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await scans.check()).toEqual([]);
    expect(scans.scanned).toContain('/pages/login');

    // A dialog holding an image without a text alternative (WCAG 1.1.1, level A).
    await page.evaluate(() => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.id = 'broken-dialog';
      dialog.innerHTML = '<img src="/favicon.svg" id="no-alt">';
      document.body.append(dialog);
    });
    const findings = await scans.check();
    expect(scans.scanned.some((s) => s.startsWith('/pages/login [dialog:'))).toBe(true);
    expect(findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'image-alt', impact: 'critical', targets: ['#no-alt'] })]),
    );
    await expect(expectNoAxeViolations(page, 'the login page with a broken dialog')).rejects.toThrow(
      /\[critical\] image-alt on \/pages\/login \[dialog: dialog\]: .*\n\s+#no-alt/,
    );
  });
});
