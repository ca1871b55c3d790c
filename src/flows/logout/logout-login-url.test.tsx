import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { LogoutPage } from './logout-page.tsx';

const server = setupMswServer();

describe('logout page Login button', () => {
  it.each([
    ['https://elsewhere.example/login', '/pages/login'],
    ['//elsewhere.example', '/pages/login'],
    ['/api/logout', '/pages/login'],
    ['/api/config', '/pages/login'],
    ['/pages/%2e%2e/api/config', '/pages/login'],
    ['/pages/logout', '/pages/login'],
    ['/pages/nope', '/pages/login'],
    ['/pages/login?return_to=%2Fpages%2Fcredentials', '/pages/login?return_to=%2Fpages%2Fcredentials'],
    ['/api/oauth/authorize?client_id=c', '/api/oauth/authorize?client_id=c'],
    [null, '/pages/login'],
  ])('leads only to a page of the portal for login_url %s', async (loginUrl, expected) => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/logout', () => HttpResponse.json({ success: true, message: 'Logged out' })),
    );
    renderRoutes(
      [{ path: '/pages/logout', element: <LogoutPage /> }],
      loginUrl ? `/pages/logout?login_url=${encodeURIComponent(loginUrl)}` : '/pages/logout',
    );
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', expected);
  });
});
