import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderRoutes } from '../../tests/support/render.tsx';
import { AccountLockedNotice } from './account-locked-notice.tsx';

afterEach(() => vi.useRealTimers());

describe('account-locked notice', () => {
  it('counts down to the end of the lock', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes([{ path: '/', element: <AccountLockedNotice until={Date.now() + 90_000} /> }], '/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is locked due to too many failed login attempts Try again in 1 min 30 s.');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(alert).toHaveTextContent('Try again in 0 min 29 s.');
  });

  it('says only that the account is locked when the end is not known', async () => {
    renderRoutes([{ path: '/', element: <AccountLockedNotice until={null} /> }], '/');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your account is locked due to too many failed login attempts$/);
    expect(screen.queryByTestId('lock-countdown')).toBeNull();
  });
});
