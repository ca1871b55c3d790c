import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../tests/support/render.tsx';
import { RouteError } from './route-error.tsx';

function Boom(): never {
  throw new Error('catalog failed to load');
}

describe('route error fallback', () => {
  it('shows the generic title and the thrown message', async () => {
    renderRoutes([{ path: '/pages/x', element: <Boom />, errorElement: <RouteError /> }], '/pages/x');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('catalog failed to load')).toBeInTheDocument();
  });

  it('shows the status text of an unknown route', async () => {
    renderRoutes([{ path: '/', errorElement: <RouteError />, children: [{ path: 'pages/login', element: <p /> }] }], '/pages/nowhere');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
  });
});
