import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '#src/lib/navigation.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { expectLanded, landing, renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { LoginPage } from './login-page.tsx';

const server = setupMswServer();

/** Answers POST /api/login with `redirect` and records every body the page sent. */
function loginAnswering(redirect: string): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
    http.post('/api/login', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, redirect });
    }),
  );
  return bodies;
}

function renderLogin(returnTo: string) {
  return renderRoutes(
    [{ path: '/pages/login', element: <LoginPage /> }, landing('/pages/main'), landing('/pages/credentials')],
    `/pages/login?return_to=${encodeURIComponent(returnTo)}`,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('login page return_to', () => {
  it.each(['/api/logout', '/api/config', '/pages/../api/logout', '/pages/%2e%2e/api/logout', '/pages/unknown-route'])(
    'does not pass %s on when resuming a session, and lands on the main page',
    async (returnTo) => {
      const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
      setSessionClaims({ apiAccess: false, isGroupOwner: false });
      const bodies = loginAnswering('/pages/main');
      const { router } = renderLogin(returnTo);
      await expectLanded(router, '/pages/main');
      expect(bodies).toEqual([{}]);
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('does not send a refused return_to with the form either', async () => {
    const bodies = loginAnswering('/pages/main');
    const { router } = renderLogin('/api/logout');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1234{Enter}');
    await expectLanded(router, '/pages/main');
    expect(bodies).toEqual([{ username: 'ann@example.com', password: 'Secret1234' }]);
  });

  it('never follows an API redirect, whatever the server answers', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    loginAnswering('/api/logout');
    const { router } = renderLogin('/pages/credentials');
    await expectLanded(router, '/pages/main');
    expect(assign).not.toHaveBeenCalled();
  });

  it('routes a page in place and hands the OAuth continuation to the browser', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    setSessionClaims({ apiAccess: false, isGroupOwner: false });
    const page = loginAnswering('/pages/credentials');
    const view = renderLogin('/pages/credentials');
    await expectLanded(view.router, '/pages/credentials');
    expect(page).toEqual([{ return_to: '/pages/credentials' }]);
    view.unmount();

    const authorize = '/api/oauth/authorize?client_id=c&response_type=code&state=s';
    const oauth = loginAnswering(authorize);
    renderLogin(authorize);
    await waitFor(() => expect(assign.mock.calls).toEqual([[authorize]]));
    expect(oauth).toEqual([{ return_to: authorize }]);
  });
});
