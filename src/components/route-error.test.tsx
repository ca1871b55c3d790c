import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '#tests/support/render.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

function Boom(): never {
  throw new Error('catalog failed to load');
}

const routes = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      { path: 'pages/x', element: <Boom /> },
      { path: 'pages/login', element: <p>Login form</p> },
    ],
  },
];

describe('route error fallback', () => {
  it('shows the generic title and the thrown message', async () => {
    renderRoutes(routes, '/pages/x');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('catalog failed to load')).toBeInTheDocument();
  });

  it('lets the reader leave: another address renders its own page again', async () => {
    const { router } = renderRoutes(routes, '/pages/x');
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
    await act(() => router.navigate('/pages/login'));
    expect(screen.getByText('Login form')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});
