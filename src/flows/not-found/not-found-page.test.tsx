import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '#src/app/i18n.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes, setSessionClaims } from '#tests/support/render.tsx';

const server = setupMswServer();

// Stands in for the gallery so a test can tell whether its chunk (and mermaid with it) was ever imported.
const gallery = vi.hoisted(() => ({ imported: false }));
vi.mock('../statecharts/statecharts-page.tsx', () => {
  gallery.imported = true;
  return { Component: () => <h1>Statecharts gallery</h1> };
});

/** The app's own route table, fresh each time: the public config it reads is fetched once per module instance. */
async function renderApp(url: string, config: Record<string, unknown> = {}) {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: config })));
  const { loadMatchedRoutes, routes } = await import('#src/app/router.tsx');
  // As main.tsx does: the page's module is here before the first render.
  await loadMatchedRoutes(new URL(url, 'http://localhost').pathname);
  return renderRoutes(routes, url);
}

beforeEach(() => {
  vi.resetModules();
  gallery.imported = false;
});
afterEach(() => activateLocale('en-us'));

describe('not-found page', () => {
  it.each(['/pages/nope', '/nope', '/pages/main/extra', '/pages/%E0%A4%A', '/pages/x%00', '/signup'])(
    '%s keeps the generic title, inside the portal frame, with the way to log in',
    async (url) => {
      await renderApp(url);
      expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
      expect(screen.getByTestId('not-found')).toHaveTextContent('Page not found: there is nothing at this address.');
      expect(screen.getByRole('img', { name: 'Monitoring service' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/pages/login');
    },
  );

  it('leads someone signed in to the main page instead', async () => {
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    await renderApp('/pages/nope');
    expect(await screen.findByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/pages/main');
  });

  it('speaks the active language, unlike the fallback for a failed page', async () => {
    await activateLocale('fi-fi');
    // The Finnish catalog as the translators fill it in; the page must take its words from there.
    i18n.load('fi-fi', {
      [msg`Unexpected Application Error!`.id!]: 'Odottamaton sovellusvirhe!',
      [msg`Go to the login page`.id!]: 'Siirry kirjautumissivulle',
    });
    await renderApp('/pages/nope');
    expect(await screen.findByRole('heading', { name: 'Odottamaton sovellusvirhe!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Siirry kirjautumissivulle' })).toHaveAttribute('href', '/pages/login');
    // The frame around it is the one every page has, in Finnish too.
    expect(screen.getByRole('combobox', { name: i18n._(msg`Language`) })).toHaveValue('fi-fi');
  });
});

describe('statechart gallery route', () => {
  it.each([{}, { statechartsGallery: false }])(
    'is not found, and its chunk never loaded, with config %j',
    async (config) => {
      await renderApp('/pages/statecharts', config);
      expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
      expect(gallery.imported).toBe(false);
    },
  );

  it('shows the gallery when the server serves it', async () => {
    await renderApp('/pages/statecharts', { statechartsGallery: true });
    expect(await screen.findByRole('heading', { name: 'Statecharts gallery' })).toBeInTheDocument();
    expect(gallery.imported).toBe(true);
  });
});
