/**
 * The document the server sends for a page, on the real build (`npm test` builds dist/ and dist-server/ first): the
 * first screen already rendered in the reader's language, the title, the public configuration inlined and every
 * file the first screen needs named for preloading.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const HOSTILE = '</script><script>alert(1)</script>&<!--';

let server: TestServer;
let manifest: Record<string, { file: string; css?: string[] }>;

beforeAll(async () => {
  for (const file of ['dist/.vite/manifest.json', 'dist-server/entry-server.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (\`npm test\` does)`);
  }
  manifest = JSON.parse(readFileSync(join('dist', '.vite', 'manifest.json'), 'utf8'));
  server = await startTestServer({ CN_COMPANY_NAME: HOSTILE });
});
afterAll(() => server.close());

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { status: response.status, vary: response.headers.get('vary') ?? '', html: await response.text() };
}

/** The markup inside #root, and its attributes. */
function root(html: string) {
  const match = /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<\/body>/.exec(html);
  expect(match, 'the document has a #root').not.toBeNull();
  return { attributes: match![1], content: match![2] };
}

const text = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('public pages arrive with their first screen', () => {
  it.each([
    [pagePaths.login, 'Log in · Monitoring service', ['Sign in', 'Email', 'Password', 'Forgot password?']],
    ['/', 'Log in · Monitoring service', ['Sign in', 'Email', 'Password']],
    [pagePaths.signup, 'Sign up · Monitoring service', ['Sign up', 'Email', 'Name', 'Password', 'I accept the terms']],
    [`${pagePaths.signupInvited}?invitation=abc`, 'Invitation · Monitoring service', ['Invitation']],
    [pagePaths.recover, 'Recover your password · Monitoring service', ['Recover your password', 'Email', 'Send']],
    [`${pagePaths.passwordReset}?reset_token=x`, 'Set a new password · Monitoring service', ['Set a new password']],
    [
      `${pagePaths.signupResend}?email=a%40example.com`,
      'Verify your email · Monitoring service',
      ['Verify your email'],
    ],
    [`${pagePaths.consent}?request=abc`, 'Authorize an application · Monitoring service', ['Authorize an application']],
    [`${pagePaths.alexaTogether}?request=abc`, 'Alexa Together · Monitoring service', ['Alexa Together']],
    [`${pagePaths.error}?error=x`, 'An error occurred · Monitoring service', ['An error occurred', 'Login']],
    [pagePaths.accessDenied, 'Access Denied · Monitoring service', ['Access Denied', 'Login']],
  ])('%s: its title and first screen are in the HTML', async (path, title, words) => {
    const { status, html } = await page(path, { 'accept-language': 'en-US,en;q=0.9' });
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(title);
    const { attributes, content } = root(html);
    expect(attributes).toContain(' data-rendered="server" data-locale="en-us" data-url="');
    for (const word of words) expect(text(content)).toContain(word);
    expect(content.match(/<h1\b/g)?.length, 'one h1').toBe(1);
  });

  it('logout shows nothing until its call returns, so only its title is sent', async () => {
    const { html } = await page(pagePaths.logout);
    expect(titleOf(html)).toBe('Logout · Monitoring service');
    expect(text(root(html).content).trim()).toBe('');
  });

  it('an unknown address gets the not-found page, rendered, under 404', async () => {
    const { status, html } = await page('/pages/nope');
    expect(status).toBe(404);
    expect(text(root(html).content)).toContain('Page not found: there is nothing at this address.');
  });

  it('a signed-in page is left to the SPA, which checks the session first', async () => {
    const { status, html } = await page(pagePaths.main);
    expect(status).toBe(200);
    expect(root(html)).toEqual({ attributes: '', content: '' });
    expect(html).toContain('<script type="application/json" id="public-config">');
  });

  it('values from the address are escaped', async () => {
    const { html } = await page(`${pagePaths.login}?return_to=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('the language of the first screen', () => {
  const lang = (html: string) => [/<html lang="([^"]+)"/.exec(html)?.[1], /data-locale="([^"]+)"/.exec(html)?.[1]];

  it.each([
    ['the browser language', {}, { 'accept-language': 'ja,en;q=0.5' }, 'ja-jp'],
    ['a region the table maps', {}, { 'accept-language': 'zh-TW' }, 'zh-hk'],
    [
      'the query over everything',
      { language: 'fi-fi' },
      { 'accept-language': 'ja', cookie: 'language_choice=zh-cn' },
      'fi-fi',
    ],
    [
      'the stored choice over the browser language',
      {},
      { 'accept-language': 'ja', cookie: 'language_choice=zh-cn' },
      'zh-cn',
    ],
    [
      'the browser language over the language cookie',
      {},
      { 'accept-language': 'fi', cookie: 'language=ja-jp' },
      'fi-fi',
    ],
    [
      'the language cookie when the browser language is not one of ours',
      {},
      { 'accept-language': 'de', cookie: 'language=ja-jp' },
      'ja-jp',
    ],
    ['the default otherwise', {}, { 'accept-language': 'de-DE' }, 'en-us'],
  ])('%s', async (_name, query, headers, expected) => {
    const search = new URLSearchParams(query as Record<string, string>).toString();
    const { html, vary } = await page(
      `${pagePaths.login}${search ? `?${search}` : ''}`,
      headers as Record<string, string>,
    );
    expect(lang(html)).toEqual([expected, expected]);
    expect(vary).toMatch(/accept-language/);
    expect(vary).toMatch(/cookie/);
  });

  it('renders the words of that language', async () => {
    const { html } = await page(pagePaths.login, { 'accept-language': 'ja' });
    expect(titleOf(html)).toBe('ログイン · 見守りサービス');
    expect(text(root(html).content)).toContain('パスワード');
  });
});

describe('nothing waits for a waterfall', () => {
  const links = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="/([^"]+)"`, 'g'))].map((match) => match[1]);
  const styles = (html: string) => [...html.matchAll(/<style data-href="\/([^"]+)">/g)].map((match) => match[1]);

  it("names the landing page's own part of the catalog, which is smaller than the whole", async () => {
    const { html } = await page(pagePaths.login, { 'accept-language': 'ja' });
    const preloaded = links(html, 'modulepreload');
    const part = manifest['locales/ja-jp/messages.po?first-screen'].file;
    expect(preloaded).toContain(part);
    expect(preloaded).not.toContain(manifest['locales/ja-jp/messages.po'].file);
    const size = (file: string) => statSync(join('dist', file)).size;
    expect(size(part)).toBeLessThan(size(manifest['locales/ja-jp/messages.po'].file) / 2);
  });

  it("names the page's chunks, the language's catalog and the fonts, and carries the stylesheets", async () => {
    const { html } = await page(pagePaths.signup, { 'accept-language': 'fi' });
    const preloaded = links(html, 'modulepreload');
    expect(preloaded).toContain(manifest['src/flows/signup/signup-page.tsx'].file);
    expect(preloaded).toContain(manifest['locales/fi-fi/messages.po'].file);
    expect(preloaded).not.toContain(manifest['locales/en-us/messages.po'].file);
    // Every stylesheet of the entry and of the page is in the document itself, with a print-only link to the file
    // (which keeps Vite's loader from fetching it again); no stylesheet link holds up the first paint.
    const sheets = [...manifest['index.html'].css!, ...manifest['src/flows/signup/signup-page.tsx'].css!];
    expect(sheets.length).toBeGreaterThan(1);
    for (const css of sheets) {
      expect(styles(html)).toContain(css);
      expect(html).toContain(`<link rel="stylesheet" media="print" crossorigin href="/${css}">`);
    }
    expect(html).not.toMatch(/<link rel="stylesheet" (?!media="print")/);
    // The scripts are not needed to paint: they come at low priority, after what is.
    expect(html).not.toMatch(/<(script type="module"|link rel="modulepreload") (?!fetchpriority="low")/);
    const fonts = links(html, 'preload" as="font');
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font).toMatch(/^assets\/montserrat-latin-(400|600)-normal-.*\.woff2$/);
      expect(existsSync(join('dist', font)), font).toBe(true);
    }
    // Every file named exists in the build: a stale name would be a request for nothing.
    for (const file of [...preloaded, ...styles(html)]) expect(existsSync(join('dist', file)), file).toBe(true);
  });

  it('inlines the public configuration the SPA would fetch, in a block no value can break out of', async () => {
    const { html } = await page(pagePaths.login);
    const block = /<script type="application\/json" id="public-config">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const api = (await (await fetch(`${server.url}/api/config`)).json()) as { data: unknown };
    expect(JSON.parse(block![1])).toEqual(api.data);
    expect((api.data as { cnCompanyName: string }).cnCompanyName).toBe(HOSTILE);
    expect(html).not.toContain(HOSTILE);
  });
});
