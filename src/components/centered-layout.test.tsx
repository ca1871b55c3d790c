import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoutes } from '../../tests/support/render.tsx';
import { useMswServer } from '../../tests/support/msw.ts';
import { isChinaHost } from '../lib/public-config.ts';
import { CenteredLayout } from './centered-layout.tsx';

const server = useMswServer();

afterEach(() => vi.unstubAllGlobals());

describe('centred layout', () => {
  it('links the logo to the provider site and prompts for the mobile app with 185×60 badges', async () => {
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({ success: true, data: { providerSiteUrl: 'https://provider.example/', cnCompanyName: 'ACME', cnFilingNumbers: 'ICP 1' } }),
      ),
    );
    renderRoutes([{ path: '/', element: <CenteredLayout>page</CenteredLayout> }], '/');
    expect(await screen.findByRole('link', { name: "Go to the provider's website" })).toHaveAttribute('href', 'https://provider.example/');
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

  it.each([
    ['cn.portal.example', true],
    ['CN.portal.example', true],
    ['portal.cn', false],
    ['cnx.portal.example', false],
    ['localhost', false],
  ])('treats %s as China region: %s', (host, expected) => expect(isChinaHost(host)).toBe(expected));
});
