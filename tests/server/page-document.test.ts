/**
 * The document the server sends for a page, on the real build (`npm test` builds dist/ and dist-server/ first): the
 * first screen already rendered in the reader's language, the title, the public configuration inlined and every
 * file the first screen needs named for preloading.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { enabledButtons } from '../support/first-screen.ts';
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
    // Its scripts come after the first paint: until they have the page, no button may look as if it worked.
    expect(enabledButtons(content)).toEqual([]);
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

  it("a value with a replacement pattern ($`, $', $&) lands as typed, not as a copy of the document", async () => {
    const email = "a$`b$'c$&d";
    const { html } = await page(`${pagePaths.recover}?email=${encodeURIComponent(email)}`);
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    const value = /name="email" value="([^"]*)"/.exec(html)?.[1];
    expect(value?.replace(/&#x27;/g, "'").replace(/&amp;/g, '&')).toBe(email);
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
  /** The script files a server-rendered page starts after its first paint, by kind. */
  const scriptFiles = (html: string) => {
    const block = /<script type="application\/json" id="script-files">([^<]*)<\/script>/.exec(html);
    expect(block, 'the document lists its script files').not.toBeNull();
    const files = JSON.parse(block![1]) as { kind: string; href: string }[];
    const of = (kind: string) => files.filter((file) => file.kind === kind).map((file) => file.href.slice(1));
    return { files, modules: of('modulepreload'), sheets: of('stylesheet'), scripts: of('script') };
  };

  it("names the landing page's own part of the catalog, which is smaller than the whole", async () => {
    const { html } = await page(pagePaths.login, { 'accept-language': 'ja' });
    const { modules } = scriptFiles(html);
    const part = manifest['locales/ja-jp/messages.po?first-screen'].file;
    expect(modules).toContain(part);
    expect(modules).not.toContain(manifest['locales/ja-jp/messages.po'].file);
    const size = (file: string) => statSync(join('dist', file)).size;
    expect(size(part)).toBeLessThan(size(manifest['locales/ja-jp/messages.po'].file) / 2);
  });

  it("names the page's chunks, the language's catalog and the fonts, and carries the stylesheets", async () => {
    const { html } = await page(pagePaths.signup, { 'accept-language': 'fi' });
    const { files, modules, sheets: linked, scripts } = scriptFiles(html);
    expect(modules).toContain(manifest['src/flows/signup/signup-page.tsx'].file);
    expect(modules).toContain(manifest['locales/fi-fi/messages.po'].file);
    expect(modules).not.toContain(manifest['locales/en-us/messages.po'].file);
    // The entry comes last: its preloads and stylesheet links are in the document before Vite's loader looks.
    expect(scripts).toEqual([manifest['index.html'].file]);
    expect(files.at(-1)?.kind).toBe('script');
    // Every stylesheet of the entry and of the page is in the document itself; its file is linked for print only,
    // after the first paint (which keeps Vite's loader from fetching it again). No stylesheet link holds up the paint.
    const sheets = [...manifest['index.html'].css!, ...manifest['src/flows/signup/signup-page.tsx'].css!];
    expect(sheets.length).toBeGreaterThan(1);
    expect(styles(html)).toEqual(expect.arrayContaining(sheets));
    expect(linked).toEqual(expect.arrayContaining(sheets));
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // Nothing the first paint does not need is fetched before it: no module script, no module preload.
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const fonts = links(html, 'preload" as="font');
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font).toMatch(/^assets\/montserrat-latin-(400|600)-normal-.*\.woff2$/);
      expect(existsSync(join('dist', font)), font).toBe(true);
    }
    // Every file named exists in the build: a stale name would be a request for nothing.
    for (const file of [...files.map((f) => f.href.slice(1)), ...styles(html)])
      expect(existsSync(join('dist', file)), file).toBe(true);
  });

  it('starts the scripts with the one inline script the Content-Security-Policy allows by its hash', async () => {
    const response = await fetch(`${server.url}${pagePaths.signup}`);
    const html = await response.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash]);
  });

  it('a page the SPA renders itself fetches its scripts at once', async () => {
    const { html } = await page(pagePaths.deviceSessions);
    expect(root(html).attributes).not.toContain('data-rendered');
    expect(html).not.toContain('id="script-files"');
    expect(html).toContain(`<script type="module" crossorigin src="/${manifest['index.html'].file}"></script>`);
    expect(links(html, 'modulepreload')).toContain(manifest['locales/en-us/messages.po'].file);
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
