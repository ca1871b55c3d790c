/**
 * The statechart gallery renders the generated diagrams with the bundled mermaid. Mermaid needs a real layout engine,
 * so this is the only place its output can be checked (architecture.md §7).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, launchBrowser, openPage, startE2eServer } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer({ STATECHARTS_GALLERY: 'true' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('statechart gallery', () => {
  it('draws the login machine as an SVG diagram, offline', async (test) => {
    const { page } = await openPage(browser, test, { baseURL: server.url });
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== server.url) foreign.push(request.url());
    });

    await page.goto('/pages/statecharts');
    // A state only the login machine has: the diagram on screen is the login one, and it was really drawn.
    const diagram = page.locator('svg[aria-roledescription^="stateDiagram"]').filter({ hasText: 'needsVerification' });
    await diagram.first().waitFor({ timeout: 20_000 });
    const text = (await diagram.first().textContent()) ?? '';
    for (const state of ['resuming', 'editing', 'submitting', 'locked', 'redirecting']) expect(text).toContain(state);
    await eventually(async () => (await diagram.first().boundingBox())?.height ?? 0).toBeGreaterThan(100);

    // The gallery is offline: nothing but the portal itself was asked for anything.
    expect(foreign).toEqual([]);
  });

  it('is not found, and never downloaded, on a server that does not serve it', async (test) => {
    const plain = await startE2eServer();
    try {
      const { page } = await openPage(browser, test, { baseURL: plain.url });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const response = await page.goto('/pages/statecharts');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
      await page.getByRole('link', { name: 'Go to the login page' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Statecharts' }).count()).toBe(0);
      expect(scripts.filter((path) => /statecharts-page|mermaid/i.test(path))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
