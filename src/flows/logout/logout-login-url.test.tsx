import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes } from '../../../tests/support/render.tsx';
import { LogoutPage } from './logout-page.tsx';

const server = useMswServer();

describe('logout page Login button', () => {
  it.each([
    ['https://elsewhere.example/login', '/pages/login'],
    ['//elsewhere.example', '/pages/login'],
    [null, '/pages/login'],
  ])('never leaves the portal for login_url %s', async (loginUrl, expected) => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/logout', () => HttpResponse.json({ success: true, message: 'Logged out' })),
    );
    renderRoutes([{ path: '/pages/logout', element: <LogoutPage /> }], loginUrl ? `/pages/logout?login_url=${encodeURIComponent(loginUrl)}` : '/pages/logout');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', expected);
  });
});
