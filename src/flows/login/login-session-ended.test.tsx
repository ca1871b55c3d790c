import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useReturnToLoginWhen } from '#src/lib/return-to-login.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { expectUrl, renderRoutes } from '#tests/support/render.tsx';
import { LoginPage } from './login-page.tsx';

const server = setupMswServer();
const NOTICE = 'Your session has ended. Log in again to continue.';

/** A signed-in page whose call the server has just answered 401, as every signed-in page ends then. */
function PageWhoseSessionEnded() {
  useReturnToLoginWhen(true);
  return null;
}

function renderFrom(url: string) {
  server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })));
  return renderRoutes(
    [
      { path: '/pages/login', element: <LoginPage /> },
      { path: '/pages/credentials', element: <PageWhoseSessionEnded /> },
    ],
    url,
  );
}

describe('login page after a session ended', () => {
  it('says why the reader is here when a signed-in page sent them', async () => {
    const { router } = renderFrom('/pages/credentials');
    await expectUrl(router, `/pages/login?return_to=${encodeURIComponent('/pages/credentials')}`);
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing of a session to a reader who came to log in', async () => {
    renderFrom(`/pages/login?return_to=${encodeURIComponent('/pages/credentials')}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
