import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { activateLocale, chooseLocale } from './i18n.ts';

const server = setupMswServer();

/** The app's own route table, fresh each time (the public config is fetched once per module instance). */
async function renderApp(url: string) {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
  const { loadMatchedRoutes, routes } = await import('./router.tsx');
  // As main.tsx does: the page's module is here before the first render.
  await loadMatchedRoutes(new URL(url, 'http://localhost').pathname);
  return renderRoutes(routes, url);
}

const expectedTitle = (page: MessageDescriptor) => `${i18n._(page)} · ${i18n._(msg`Monitoring service`)}`;

beforeEach(() => {
  vi.resetModules();
  document.title = 'stale';
});
afterEach(() => activateLocale('en-us'));

const pages: Array<[string, MessageDescriptor, boolean]> = [
  ['/pages/login', msg`Log in`, false],
  ['/', msg`Log in`, false],
  ['/pages/recover', msg`Recover your password`, false],
  ['/pages/nope', msg`Page not found`, false],
  ['/pages/main', msg`Account`, true],
];

describe('page titles and headings', () => {
  it.each(pages)('%s is named in the tab and has exactly one h1', async (url, page, signedIn) => {
    if (signedIn) setSessionClaims({ apiAccess: false, isGroupOwner: false });
    await renderApp(url);
    // A signed-in page names itself once the server has confirmed the session; until then the shell's own heading
    // shows, so the heading alone does not say the page is there.
    await waitFor(() => expect(document.title).toBe(`${i18n._(page)} · Monitoring service`));
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it.each([
    [
      '/pages/login',
      'a remembered session is resumed',
      http.post('/api/login', () => new Promise<never>(() => {})),
      'Log in',
      'Processing',
    ],
    [
      '/pages/main',
      'the server confirms the session',
      http.get('/api/session', () => new Promise<never>(() => {})),
      'Monitoring service',
      'Checking your session',
    ],
  ])('%s keeps one h1, out of sight, while %s', async (url, _while, pending, heading, progress) => {
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    server.use(pending);
    await renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByLabelText(progress)).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('names the page in the active language, and follows a switch of language with the html lang', async () => {
    await activateLocale('ja-jp');
    expect(document.documentElement.lang).toBe('ja-jp');
    await renderApp('/pages/login');
    await screen.findByRole('heading', { level: 1 });
    const japanese = expectedTitle(msg`Log in`);
    expect(japanese).not.toContain('Log in');
    expect(document.title).toBe(japanese);

    await act(() => chooseLocale('zh-cn'));
    expect(document.documentElement.lang).toBe('zh-cn');
    expect(document.title).toBe(expectedTitle(msg`Log in`));
    expect(document.title).not.toBe(japanese);
  });
});
