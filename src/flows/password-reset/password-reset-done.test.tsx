import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { PasswordResetDone } from './password-reset-done.tsx';

// Its own file: the public config is loaded once per page load, and this one has no web app configured.
const server = setupMswServer();

it('offers Sign in after the change when no web app is configured, and no Open app', async () => {
  let configLoaded = false;
  server.use(
    http.get('/api/config', () => {
      configLoaded = true;
      return HttpResponse.json({ success: true, data: { webAppUrl: '' } });
    }),
  );
  renderRoutes(
    [{ path: '/pages/password/reset', element: <PasswordResetDone message={null} loginHref="/pages/login" /> }],
    '/pages/password/reset',
  );
  expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your password has been changed.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/login');
  await expect.poll(() => configLoaded).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('link', { name: 'Open app' })).toBeNull();
});
