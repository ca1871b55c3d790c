import { createHash } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from '#src/lib/navigation.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { LoginWithAmazon } from './login-with-amazon.tsx';

const server = setupMswServer();
const AUTHORIZE = 'https://amazon.example/ap/oa';

describe('Login with Amazon button', () => {
  it('stores state and verifier under lwa:<state> and goes to Amazon with an S256 challenge', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({ success: true, data: { amazonAuthorizeUrl: AUTHORIZE, amazonClientId: 'amzn1.app' } }),
      ),
    );
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    renderRoutes(
      [{ path: '/pages/login', element: <LoginWithAmazon returnTo="/pages/device-sessions" /> }],
      '/pages/login',
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Login with Amazon' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));

    const url = new URL(assign.mock.calls[0][0]);
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE);
    expect(url.hash).toBe('');
    const query = Object.fromEntries(url.searchParams);
    expect(query).toEqual({
      client_id: 'amzn1.app',
      response_type: 'code',
      scope: 'profile',
      redirect_uri: `${window.location.origin}/pages/cb`,
      state: expect.stringMatching(/^[\w-]{22}$/),
      code_challenge: expect.any(String),
      code_challenge_method: 'S256',
    });
    const stored = JSON.parse(sessionStorage.getItem(`lwa:${query.state}`)!);
    expect(stored).toEqual({ codeVerifier: expect.stringMatching(/^[\w-]{43}$/), returnTo: '/pages/device-sessions' });
    expect(query.code_challenge).toBe(createHash('sha256').update(stored.codeVerifier).digest('base64url'));
    expect(screen.getByRole('button', { name: 'Login with Amazon' })).toBeDisabled();
    assign.mockRestore();
    sessionStorage.clear();
  });
});
