import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionFromClaimsCookie, setupMswServer } from '#tests/support/msw.ts';
import { expectLanded, landing, renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { useReturnToLoginWhen } from '../lib/return-to-login.ts';
import { forgetSessionCheck } from '../lib/session-check.ts';
import { AuthenticatedShell } from './app-shell.tsx';

const server = setupMswServer();

// Each page is its own component, as in the app: moving to another page mounts a new shell.
function MainStub() {
  return (
    <AuthenticatedShell>
      <p>main content</p>
    </AuthenticatedShell>
  );
}
function SessionsStub() {
  return (
    <AuthenticatedShell>
      <p>sessions content</p>
    </AuthenticatedShell>
  );
}
/** A page whose first request answers 401. */
function EndingStub() {
  return (
    <AuthenticatedShell>
      <EndsAtOnce />
    </AuthenticatedShell>
  );
}
function EndsAtOnce() {
  useReturnToLoginWhen(true);
  return null;
}
const config = { faqUrl: 'https://help.example/faq', apiDocsUrl: 'https://help.example/api' };

function renderShell() {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: config })));
  return renderRoutes(
    [
      {
        path: '/pages/main',
        element: (
          <AuthenticatedShell>
            <p>content</p>
          </AuthenticatedShell>
        ),
      },
      landing('/pages/login'),
    ],
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
    await expectLanded(router, `/pages/login?return_to=${encodeURIComponent('/pages/main?tab=1')}`);
  });

  it('shows the developer entries to a group owner with API access', async () => {
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderShell();
    const nav = await openDrawer();
    expect(nav.getByRole('link', { name: 'Device sessions' })).toHaveAttribute('href', '/pages/device-sessions');
    expect(nav.getByRole('link', { name: 'Authorized applications' })).toHaveAttribute(
      'href',
      '/pages/authorized-apps',
    );
    expect(nav.getByRole('link', { name: 'OAuth credentials' })).toHaveAttribute('href', '/pages/credentials');
    expect(await nav.findByRole('link', { name: 'FAQ' })).toHaveAttribute('href', config.faqUrl);
    expect(nav.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', config.apiDocsUrl);
    expect(localStorage.getItem('apiAccess')).toBe('true');
  });

  it('has a skip link first in tab order that moves focus to the main landmark', async () => {
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    renderShell();
    const main = await screen.findByRole('main');
    expect(main).toHaveTextContent('content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    await userEvent.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('names the drawer close button and marks the current page in the navigation', async () => {
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes(
      [{ path: '/pages/device-sessions', element: <SessionsStub /> }, landing('/pages/login')],
      '/pages/device-sessions',
    );
    const nav = await openDrawer();
    expect(nav.getByRole('link', { name: 'Device sessions' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Authorized applications' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'OAuth credentials' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation menu' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
  });

  it.each([[{ apiAccess: true, isGroupOwner: false }], [{ apiAccess: false, isGroupOwner: true }]])(
    'hides the developer entries for %j',
    async (claims) => {
      setSessionClaims(claims);
      renderShell();
      const nav = await openDrawer();
      expect(nav.getByRole('link', { name: 'Device sessions' })).toBeInTheDocument();
      expect(nav.queryByRole('link', { name: 'OAuth credentials' })).toBeNull();
      expect(nav.queryByRole('link', { name: 'FAQ' })).toBeNull();
      expect(localStorage.getItem('apiAccess')).toBe(String(claims.apiAccess));
    },
  );

  it('offers Logout in the account menu', async () => {
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/pages/logout');
  });

  it('asks the server once per page load: moving between signed-in pages does not ask again', async () => {
    let checks = 0;
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: config })),
      http.get('/api/session', () => {
        checks += 1;
        return sessionFromClaimsCookie();
      }),
    );
    setSessionClaims({ apiAccess: false, isGroupOwner: true });
    const routes = [
      { path: '/pages/main', element: <MainStub /> },
      { path: '/pages/device-sessions', element: <SessionsStub /> },
      landing('/pages/login'),
    ];
    const { router, unmount } = renderRoutes(routes, '/pages/main');
    expect(await screen.findByText('main content')).toBeInTheDocument();
    expect(checks).toBe(1);

    // The next signed-in page shows at once, with no busy state in between.
    await act(() => router.navigate('/pages/device-sessions'));
    expect(screen.getByText('sessions content')).toBeInTheDocument();
    expect(screen.queryByLabelText('Checking your session')).toBeNull();
    expect(checks).toBe(1);

    // Signed in again with other claims (another user, say): that session is confirmed on its own.
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    await act(() => router.navigate('/pages/main'));
    expect(await screen.findByText('main content')).toBeInTheDocument();
    expect(checks).toBe(2);

    // A full page load starts with nothing remembered.
    unmount();
    forgetSessionCheck();
    renderRoutes(routes, '/pages/main');
    expect(await screen.findByText('main content')).toBeInTheDocument();
    expect(checks).toBe(3);
  });

  it('asks again once a signed-in page has learnt that its session ended', async () => {
    let checks = 0;
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: config })),
      http.get('/api/session', () => {
        checks += 1;
        return sessionFromClaimsCookie();
      }),
    );
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    const { router } = renderRoutes(
      [
        { path: '/pages/main', element: <MainStub /> },
        { path: '/pages/authorized-apps', element: <EndingStub /> },
        landing('/pages/login'),
      ],
      '/pages/main',
    );
    expect(await screen.findByText('main content')).toBeInTheDocument();
    await act(() => router.navigate('/pages/authorized-apps'));
    await expectLanded(router, `/pages/login?return_to=${encodeURIComponent('/pages/authorized-apps')}`);
    expect(checks).toBe(1);

    await act(() => router.navigate('/pages/main'));
    expect(await screen.findByText('main content')).toBeInTheDocument();
    expect(checks).toBe(2);
  });
});
