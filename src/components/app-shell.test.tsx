import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { landing, renderRoutes, setSessionClaims } from '../../tests/support/render.tsx';
import { useMswServer } from '../../tests/support/msw.ts';
import { AuthenticatedShell } from './app-shell.tsx';

const server = useMswServer();
const config = { faqUrl: 'https://help.example/faq', apiDocsUrl: 'https://help.example/api' };

function renderShell() {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: config })));
  return renderRoutes(
    [{ path: '/pages/main', element: <AuthenticatedShell><p>content</p></AuthenticatedShell> }, landing('/pages/login')],
    '/pages/main?tab=1',
  );
}

async function openDrawer() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

describe('authenticated shell', () => {
  it('sends a visitor without a session to login, keeping where they were going', async () => {
    const { router } = renderShell();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
    expect(router.state.location.search).toBe(`?return_to=${encodeURIComponent('/pages/main?tab=1')}`);
  });

  it('shows the developer entries to a group owner with API access', async () => {
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderShell();
    const nav = await openDrawer();
    expect(nav.getByRole('link', { name: 'Device sessions' })).toHaveAttribute('href', '/pages/device-sessions');
    expect(nav.getByRole('link', { name: 'Authorized applications' })).toHaveAttribute('href', '/pages/authorized-apps');
    expect(nav.getByRole('link', { name: 'OAuth credentials' })).toHaveAttribute('href', '/pages/credentials');
    expect(await nav.findByRole('link', { name: 'FAQ' })).toHaveAttribute('href', config.faqUrl);
    expect(nav.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', config.apiDocsUrl);
    expect(localStorage.getItem('apiAccess')).toBe('true');
  });

  it.each([
    [{ apiAccess: true, isGroupOwner: false }],
    [{ apiAccess: false, isGroupOwner: true }],
  ])('hides the developer entries for %j', async (claims) => {
    setSessionClaims(claims);
    renderShell();
    const nav = await openDrawer();
    expect(nav.getByRole('link', { name: 'Device sessions' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'OAuth credentials' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'FAQ' })).toBeNull();
    expect(localStorage.getItem('apiAccess')).toBe(String(claims.apiAccess));
  });

  it('offers Logout in the account menu', async () => {
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/pages/logout');
  });
});
