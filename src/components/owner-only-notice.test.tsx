import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectLanded, landing, renderRoutes } from '#tests/support/render.tsx';
import { OwnerOnlyNotice } from './owner-only-notice.tsx';

describe('owner-only notice', () => {
  it('tells a member the page is the owner’s and leads back to the main page', async () => {
    const { router } = renderRoutes(
      [{ path: '/pages/credentials', element: <OwnerOnlyNotice /> }, landing('/pages/main')],
      '/pages/credentials',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the account owner can access this page');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the main page' }));
    await expectLanded(router, '/pages/main');
  });
});
