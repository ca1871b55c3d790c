import { i18n } from '@lingui/core';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '#shared-domain/locales.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { activateLocale } from '../app/i18n.ts';
import { AccountLockedNotice } from './account-locked-notice.tsx';

afterEach(async () => {
  vi.useRealTimers();
  await activateLocale('en-us');
});

describe('account-locked notice', () => {
  it('says why in one sentence and when to try again in another, counting down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes([{ path: '/', element: <AccountLockedNotice until={Date.now() + 90_000} /> }], '/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^Your account is locked because of too many failed login attempts\. Try again in 1 min 30 s\.$/,
    );
    expect(screen.getByTestId('lock-countdown')).toHaveTextContent(/^Try again in 1 min 30 s\.$/);
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(alert).toHaveTextContent('Try again in 0 min 29 s.');
  });

  it('says only that the account is locked when the end is not known', async () => {
    renderRoutes([{ path: '/', element: <AccountLockedNotice until={null} /> }], '/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Your account is locked because of too many failed login attempts\.$/,
    );
    expect(screen.queryByTestId('lock-countdown')).toBeNull();
  });

  it.each(LOCALES)('is two full sentences in %s, the countdown second', async (locale) => {
    await activateLocale(locale);
    renderRoutes([{ path: '/', element: <AccountLockedNotice until={Date.now() + 90_000} /> }], '/');
    const alert = await screen.findByRole('alert');
    const countdown = screen.getByTestId('lock-countdown').textContent!;
    const reason = alert.textContent!.slice(0, alert.textContent!.length - countdown.length).trim();
    expect(alert.textContent!.endsWith(countdown)).toBe(true);
    // Each sentence ends with its own full stop, whatever the script.
    expect(reason).toMatch(/[^.。][.。]$/);
    expect(countdown.trim()).toMatch(/[^.。][.。]$/);
    expect(countdown).toMatch(/1\D+30/);
    expect(i18n.locale).toBe(locale);
  });
});
