import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '#shared-domain/locales.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { activateLocale } from '../app/i18n.ts';
import { isChinaHost } from '../lib/public-config.ts';
import { CenteredLayout } from './centered-layout.tsx';

const server = setupMswServer();

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en-us');
});

/** The layout from a fresh module graph: the public config it shows is fetched once per module instance. */
async function renderFresh(config: Record<string, unknown>) {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: config })));
  vi.resetModules();
  const { CenteredLayout: Fresh } = await import('./centered-layout.tsx');
  return renderRoutes([{ path: '/', element: <Fresh>page</Fresh> }], '/');
}

describe('centred layout', () => {
  it('links the logo to the provider site and prompts for the mobile app with 185×60 badges', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({
          success: true,
          data: { providerSiteUrl: 'https://provider.example/', cnCompanyName: 'ACME', cnFilingNumbers: 'ICP 1' },
        }),
      ),
    );
    renderRoutes([{ path: '/', element: <CenteredLayout>page</CenteredLayout> }], '/');
    expect(await screen.findByRole('link', { name: "Go to the provider's website" })).toHaveAttribute(
      'href',
      'https://provider.example/',
    );
    expect(screen.getByText(/Download it from the App Store or Google Play/)).toBeInTheDocument();
    for (const name of ['Download on the App Store', 'Get it on Google Play']) {
      const badge = screen.getByRole('img', { name });
      expect(badge).toHaveAttribute('width', '185');
      expect(badge).toHaveAttribute('height', '60');
    }
    // jsdom's host is localhost: no China-region filing line.
    expect(screen.queryByTestId('cn-filing')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en-us');
  });

  it('links the store badges to the configured app pages, in a new tab without an opener', async () => {
    const iosAppUrl = 'https://apps.apple.com/app/id123';
    const androidAppUrl = 'https://play.google.com/store/apps/details?id=com.example.app';
    await renderFresh({ iosAppUrl, androidAppUrl });
    const appStore = screen.getByRole('link', { name: 'Download on the App Store' });
    const googlePlay = screen.getByRole('link', { name: 'Get it on Google Play' });
    await waitFor(() => expect(appStore).toHaveAttribute('href', iosAppUrl));
    expect(googlePlay).toHaveAttribute('href', androidAppUrl);
    for (const link of [appStore, googlePlay]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  // The badge artwork is the stores' own mark; what a screen reader says for it is ours, in the reader's language.
  it.each(LOCALES.filter((locale) => locale !== 'en-us'))('names the store badges in %s', async (locale) => {
    await activateLocale(locale);
    await renderFresh({});
    await screen.findByRole('combobox');
    // With no app page configured, each badge goes to its store's home page.
    const stores = { 'https://apps.apple.com/': 'App Store', 'https://play.google.com/store/apps': 'Google Play' };
    for (const [href, store] of Object.entries(stores)) {
      const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)!;
      const name = link.querySelector('img')!.getAttribute('alt')!;
      expect(screen.getByRole('link', { name })).toBe(link);
      expect(name).toContain(store);
      expect(name).not.toMatch(/^(Download on the App Store|Get it on Google Play)$/);
    }
  });

  it("links the store badges to the stores' home pages when the server names no app page", async () => {
    await renderFresh({});
    await screen.findByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/',
    );
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps',
    );
  });

  it('is a main landmark holding the page, with the footer outside it', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
    renderRoutes([{ path: '/', element: <CenteredLayout>page</CenteredLayout> }], '/');
    expect(screen.getByRole('main')).toHaveTextContent(/^page$/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/App Store or Google Play/);
  });

  it.each([
    ['cn.portal.example', true],
    ['CN.portal.example', true],
    ['portal.cn', false],
    ['cnx.portal.example', false],
    ['localhost', false],
  ])('treats %s as China region: %s', (host, expected) => expect(isChinaHost(host)).toBe(expected));
});
