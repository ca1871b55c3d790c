/**
 * The alert forwarding documentation is a page of the portal (/pages/docs/alert-forwarding) drawn from
 * docs/api/alert-forwarding.md: it opens from a bookmark with no session, shows the Markdown as HTML, and the
 * configured alert-forwarding page links to that address (not to a blob: URL that dies with the tab).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, setupBrowserSuite } from '../support/browser.ts';
import { createUser, DEFAULT_TEST_PASSWORD, loginCookie, sameOrigin, type TestServer } from '../support/server.ts';

const DOCS_PATH = '/pages/docs/alert-forwarding';

let server: TestServer;
let browser: Browser;
setupBrowserSuite((started) => ({ server, browser } = started));

/** The headings of the Markdown file as a reader should see them: level and text, inline code marks dropped. */
function headingsOfTheDocs(): Array<{ level: number; text: string }> {
  const source = readFileSync('docs/api/alert-forwarding.md', 'utf8').replace(/^ *```[\s\S]*?^ *```/gm, '');
  return [...source.matchAll(/^(#{1,6}) +(.+?) *$/gm)].map(([, hashes, text]) => ({
    level: hashes!.length,
    text: text!.replace(/`/g, ''),
  }));
}

/** The headings the page draws, in order. */
function headingsOnThePage(page: Page) {
  return page
    .locator('article')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((elements) =>
      elements.map((element) => ({ level: Number(element.tagName.slice(1)), text: element.textContent })),
    );
}

async function expectRenderedDocs(page: Page) {
  await page.getByRole('heading', { name: 'Reading an alert', level: 2 }).waitFor();
  const expected = headingsOfTheDocs();
  // The file really has a title, sections and API subsections: the comparison below cannot pass on an empty page.
  expect(expected.map((heading) => heading.level)).toEqual(expect.arrayContaining([1, 2, 3]));
  expect(expected).toContainEqual({ level: 3, text: 'GET /api/alert_forwarding_config/{client_uid}' });
  expect(await headingsOnThePage(page)).toEqual(expected);

  // Markdown drawn, not shown: no heading marks, no emphasis marks, no code fences anywhere in the text.
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as drawn, is what this checks
  const text = await page.locator('article').innerText();
  expect(text).not.toContain('## ');
  expect(text.split('\n').filter((line) => /^\s*#/.test(line))).toEqual([]);
  expect(text).not.toContain('**');
  expect(text).not.toContain('```');
  expect(await page.locator('article strong').filter({ hasText: 'Check that it is ours.' }).count()).toBe(1);
  // Every fenced block of the file is a code block on the page.
  const fences = readFileSync('docs/api/alert-forwarding.md', 'utf8').match(/^ *```/gm)!.length;
  expect(await page.locator('article pre').count()).toBe(fences / 2);
}

describe('the alert forwarding documentation page', () => {
  it('opens from a bookmark without a session and shows the Markdown as HTML', async (test) => {
    const { context, page } = await openPage(browser, test, { baseURL: server.url });
    expect(await context.cookies()).toEqual([]);
    const response = await page.goto(DOCS_PATH);
    expect(response?.status()).toBe(200);
    await expectRenderedDocs(page);
    // Public: nobody is sent to log in to read it.
    expect(new URL(page.url()).pathname).toBe(DOCS_PATH);
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
  });

  it('is where the configured alert-forwarding page links to', async (test) => {
    await createUser(server, { email: 'owner@example.com', owner: true, apiAccess: true, companyId: 'ACME-1' });
    const cookie = await loginCookie(server, 'owner@example.com');
    const api = (path: string, body: unknown) =>
      fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: sameOrigin(server, { cookie }),
        body: JSON.stringify(body),
      });
    const grant = await api('client_grant', { grant_type: 'client_credentials', application_name: 'Alert Bridge' });
    expect(grant.status).toBe(200);
    const uid = ((await grant.json()) as { data: { client_uid: string } }).data.client_uid;
    const publicPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const configured = await api(`alert_forwarding_config/${encodeURIComponent(uid)}`, {
      url: 'https://alerts.customer.example/hook',
      public_rsa_key: publicPem,
    });
    expect(configured.status).toBe(200);

    const { page } = await openPage(browser, test, { baseURL: server.url });
    const target = `/pages/alert-forwarding-config?client_uid=${encodeURIComponent(uid)}`;
    await page.goto(`/pages/login?return_to=${encodeURIComponent(target)}`);
    await page.getByLabel('Email', { exact: true }).fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('webhook-url').waitFor();

    const link = page.getByRole('link', { name: 'Alert forwarding documentation' });
    expect(await link.getAttribute('href')).toBe(DOCS_PATH);
    expect(await link.evaluate((anchor: HTMLAnchorElement) => anchor.href)).toBe(`${server.url}${DOCS_PATH}`);

    const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await docs.waitForLoadState();
    expect(docs.url()).toBe(`${server.url}${DOCS_PATH}`);
    await expectRenderedDocs(docs);
    await docs.close();
  });
});
