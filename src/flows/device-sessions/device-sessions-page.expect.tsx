/**
 * What the device sessions page must show, written out by hand, and the checks the model test runs after each step
 * (device-sessions-page.test.tsx).
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { DeviceSessionsErrorCode } from '#machines/device-sessions/device-sessions.errors.ts';
import { HERE, MEMBER_PC, PHONE } from '#machines/device-sessions/device-sessions.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { DeviceSession, DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import type { DeviceSessionsBody } from '#src/api/device-sessions.ts';
import type { DeferredQueue, ModelEvent, ModelStep } from '#tests/support/model-harness.ts';
import { expectNoAlert, type TestRouter, waitFor } from '#tests/support/render.tsx';

/** What a reader must see, in English, written out by hand. */
export const expectedText: Record<DeviceSessionsErrorCode, string> = {
  AnErrorOccured: 'An error occured, please try again later',
  RevokeSessionFailed: 'The session could not be revoked, please try again later',
  RevokeAllSessionsFailed: 'The sessions could not be revoked, please try again later',
};
const expectedRow: Record<string, Array<string | RegExp>> = {
  [HERE.id]: [
    'Olivia Owner',
    'FI (192.0.2.10)',
    'FI (192.0.2.10)',
    /^Nov 20, 2026, \d/,
    'Chrome on LinuxThis device',
    '< Hour',
    'Use Logout to end this session',
  ],
  [PHONE.id]: [
    'Olivia Owner',
    'SE (198.51.100.7)',
    '198.51.100.8',
    /^Oct 2, 2026, \d/,
    'Safari on iOS',
    '5 Days',
    'Revoke',
  ],
  [MEMBER_PC.id]: [
    'Max MemberSecondary User',
    'DE (203.0.113.5)',
    'AT (203.0.113.9)',
    /^Nov 21, 2026, \d/,
    'Firefox on Windows',
    '4 Hours',
    'Revoke',
  ],
};
/** Owners first, then last active, most recent first (product.md §6, §9). */
const DEFAULT_ORDER = [HERE.id, PHONE.id, MEMBER_PC.id];

export type Id = 'loadSessions' | 'revokeSession' | 'revokeAllSessions';

export interface Ctx {
  requests: DeferredQueue<Id>;
  router: TestRouter;
  /** The page's button that opened the dialog on show, found anew: focus goes back to it (decision 0009). */
  opener: (() => HTMLElement | null) | null;
  sessions: DeviceSession[];
  error: DeviceSessionsErrorCode | null;
  checkedSorting: boolean;
}

function toWire(data: DeviceSessionsData): DeviceSessionsBody {
  return {
    success: true,
    data: {
      device_sessions: data.sessions.map((s) => ({
        id: s.id,
        user_id: s.userId,
        login_ip: s.loginIp,
        login_country_code: s.loginCountryCode,
        last_ip: s.lastIp,
        last_country_code: s.lastCountryCode,
        login_time: s.loginTime,
        device_description: s.deviceDescription,
        access_token_expires: s.accessTokenExpires,
        last_active: s.lastActive,
        current: s.current,
      })),
      users: data.users.map((u) => ({ id: u.id, friendly_name: u.friendlyName, owner: u.owner })),
    },
  };
}

export function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadSessions')
    return HttpResponse.json(toWire(event.output as DeviceSessionsData));
  if (event.type === 'xstate.done.actor.revokeAllSessions')
    return HttpResponse.json({ success: true, data: { revoked: 2 } });
  if ('output' in event) return HttpResponse.json({ success: true });
  const error = (event as { error: ApiError }).error;
  return HttpResponse.json(error.body, { status: error.status });
}

export const errorOf = (step: ModelStep) => (step.event as { error: unknown }).error;
export const refresh = () => screen.getByRole('button', { name: 'Refresh' });
export const revokeAll = () => screen.getByRole('button', { name: 'Revoke All' });
export const dialog = (name: string) => screen.findByRole('dialog', { name });
const header = (name: string) => screen.getByRole('columnheader', { name });
const rowIds = () => screen.queryAllByTestId(/^session-/).map((row) => row.dataset.testid!.slice('session-'.length));

export async function expectRows(ctx: Ctx, order = DEFAULT_ORDER) {
  const expected = order.filter((id) => ctx.sessions.some((s) => s.id === id));
  await waitFor(() => expect(rowIds()).toEqual(expected));
  for (const id of expected) {
    const cells = within(screen.getByTestId(`session-${id}`))
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? '');
    for (const [i, text] of expectedRow[id].entries()) {
      if (typeof text === 'string') expect(cells[i]).toBe(text);
      else expect(cells[i]).toMatch(text);
    }
  }
}

/** Sorting is the view's own state: checked once, through clicks and the keyboard, and left at the default. */
export async function checkSorting(ctx: Ctx) {
  const sorts = () =>
    ['Login time', 'Device description', 'Last active'].map((name) => header(name).getAttribute('aria-sort'));
  expect(sorts()).toEqual(['none', 'none', 'descending']);
  await userEvent.click(within(header('Login time')).getByRole('button', { name: 'Login time' }));
  expect(sorts()).toEqual(['ascending', 'none', 'none']);
  await expectRows(ctx, [PHONE.id, HERE.id, MEMBER_PC.id]);
  await userEvent.click(within(header('Login time')).getByRole('button', { name: 'Login time' }));
  expect(sorts()).toEqual(['descending', 'none', 'none']);
  // Max logged in last of all, yet the owner's sessions stay first.
  await expectRows(ctx, [HERE.id, PHONE.id, MEMBER_PC.id]);
  within(header('Device description')).getByRole('button', { name: 'Device description' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(sorts()).toEqual(['none', 'ascending', 'none']);
  await userEvent.keyboard(' ');
  expect(sorts()).toEqual(['none', 'descending', 'none']);
  await expectRows(ctx, [PHONE.id, HERE.id, MEMBER_PC.id]);
  await userEvent.click(within(header('Last active')).getByRole('button', { name: 'Last active' }));
  await userEvent.click(within(header('Last active')).getByRole('button', { name: 'Last active' }));
  expect(sorts()).toEqual(['none', 'none', 'descending']);
}

export const PAGE = '/pages/device-sessions';
export const revokeMember = () => screen.queryByRole('button', { name: 'Revoke Firefox on Windows of Max Member' });

/** A confirmation as the reader meets it: no error of an earlier attempt, or this attempt's failure, focused. */
export async function expectConfirmError(open: HTMLElement, ctx: Ctx) {
  if (!ctx.error) return expectNoAlert(open);
  const alert = within(open).getByRole('alert');
  expect(alert).toHaveTextContent(expectedText[ctx.error]);
  // Decision 0009: a confirmation whose call failed focuses its message.
  await waitFor(() => expect(document.activeElement).toBe(alert));
}
