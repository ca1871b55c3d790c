import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, vi } from 'vitest';
import type { DeviceSessionsErrorCode } from '#machines/device-sessions/device-sessions.errors.ts';
import { deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import {
  ACCOUNT,
  describeDeviceSessionsEvent,
  deviceSessionsEvents,
  failures,
  HERE,
  MEMBER_PC,
  NOW,
  PHONE,
  serializeDeviceSessions,
} from '#machines/device-sessions/device-sessions.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { DeviceSession, DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import type { DeviceSessionsBody } from '#src/api/device-sessions.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
  type ModelStep,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { landing, renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { DeviceSessionsPage } from './device-sessions-page.tsx';

const server = setupMswServer();

/** What a reader must see, in English, written out by hand. */
const expectedText: Record<DeviceSessionsErrorCode, string> = {
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

type Id = 'loadSessions' | 'revokeSession' | 'revokeAllSessions';

interface Ctx {
  requests: DeferredQueue<Id>;
  router: ReturnType<typeof renderRoutes>['router'];
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

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadSessions')
    return HttpResponse.json(toWire(event.output as DeviceSessionsData));
  if (event.type === 'xstate.done.actor.revokeAllSessions')
    return HttpResponse.json({ success: true, data: { revoked: 2 } });
  if ('output' in event) return HttpResponse.json({ success: true });
  const error = (event as { error: ApiError }).error;
  return HttpResponse.json(error.body, { status: error.status });
}

const errorOf = (step: ModelStep) => (step.event as { error: unknown }).error;
const refresh = () => screen.getByRole('button', { name: 'Refresh' });
const revokeAll = () => screen.getByRole('button', { name: 'Revoke All' });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const header = (name: string) => screen.getByRole('columnheader', { name });
const rowIds = () => screen.queryAllByTestId(/^session-/).map((row) => row.dataset.testid!.slice('session-'.length));

async function expectRows(ctx: Ctx, order = DEFAULT_ORDER) {
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
async function checkSorting(ctx: Ctx) {
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

describeModel(deviceSessionsMachine, {
  name: 'device sessions page through the view',
  events: deviceSessionsEvents,
  serialize: serializeDeviceSessions,
  describeEvent: describeDeviceSessionsEvent,
  setup: (): Ctx => {
    // Last active is relative to now: NOW is the moment the model cases were written for.
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const requests = createDeferredQueue<Id>();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/deviceSessions', async () => (await requests.take('loadSessions')) as Response),
      // Before the parametric handler, which would match "all" too.
      http.delete('/api/deviceSessions/revoke/all', async () => (await requests.take('revokeAllSessions')) as Response),
      http.delete(
        '/api/deviceSessions/revoke/:id',
        async ({ params }) => (await requests.take('revokeSession', params.id)) as Response,
      ),
    );
    setSessionClaims({ apiAccess: false, isGroupOwner: true });
    const { router } = renderRoutes(
      [{ path: '/pages/device-sessions', element: <DeviceSessionsPage /> }, landing('/pages/login')],
      '/pages/device-sessions',
    );
    return { requests, router, sessions: [], error: null, checkedSorting: false };
  },
  teardown: () => vi.restoreAllMocks(),
  exec: {
    'xstate.done.actor.loadSessions': (step, ctx) => {
      ctx.sessions = (step.event as { output: DeviceSessionsData }).output.sessions;
      ctx.requests.resolve('loadSessions', toResponse(step.event));
    },
    'xstate.error.actor.loadSessions': (step, ctx) => {
      if (errorOf(step) === failures.INTERNAL) ctx.error = 'AnErrorOccured';
      ctx.requests.resolve('loadSessions', toResponse(step.event));
    },
    'xstate.done.actor.revokeSession': (step, ctx) => {
      ctx.sessions = ctx.sessions.filter((s) => s.id !== MEMBER_PC.id);
      ctx.requests.resolve('revokeSession', toResponse(step.event));
    },
    'xstate.error.actor.revokeSession': (step, ctx) => {
      if (errorOf(step) === failures.GONE) ctx.sessions = ctx.sessions.filter((s) => s.id !== MEMBER_PC.id);
      if (errorOf(step) === failures.INTERNAL) ctx.error = 'RevokeSessionFailed';
      ctx.requests.resolve('revokeSession', toResponse(step.event));
    },
    'xstate.done.actor.revokeAllSessions': (step, ctx) => {
      ctx.sessions = ctx.sessions.filter((s) => s.current);
      ctx.requests.resolve('revokeAllSessions', toResponse(step.event));
    },
    'xstate.error.actor.revokeAllSessions': (step, ctx) => {
      if (errorOf(step) === failures.INTERNAL) ctx.error = 'RevokeAllSessionsFailed';
      ctx.requests.resolve('revokeAllSessions', toResponse(step.event));
    },
    'sessions.refresh': async (_step, ctx) => {
      ctx.error = null;
      await userEvent.click(refresh());
    },
    'session.revoke': () =>
      userEvent.click(screen.getByRole('button', { name: 'Revoke Firefox on Windows of Max Member' })),
    'sessions.revokeAll': () => userEvent.click(revokeAll()),
    'dialog.confirm': async (step, ctx) => {
      ctx.error = null;
      const one = step.previous!.matches({ list: 'confirmRevoke' });
      const open = await dialog(one ? 'Revoke session' : 'Revoke all other sessions');
      await userEvent.click(within(open).getByRole('button', { name: one ? 'Revoke' : 'Revoke All' }));
    },
    'dialog.close': async (_step, ctx) => {
      ctx.error = null;
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    },
  },
  states: {
    loading: async (_snapshot, ctx) => {
      expect(await screen.findByLabelText('Loading device sessions')).toBeInTheDocument();
      expect(refresh()).toBeDisabled();
      expect(revokeAll()).toBeDisabled();
      await waitFor(() => expect(ctx.requests.pending('loadSessions')).toBe(1));
      expect(screen.queryByRole('alert')).toBeNull();
    },
    loadFailed: async (_snapshot, ctx) => {
      expect(await screen.findByRole('alert')).toHaveTextContent(expectedText[ctx.error!]);
      expect(refresh()).toBeEnabled();
      expect(revokeAll()).toBeDisabled();
      expect(screen.queryByRole('table')).toBeNull();
    },
    sessionEnded: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
      expect(ctx.router.state.location.search).toBe('?return_to=%2Fpages%2Fdevice-sessions');
    },
    'list.idle': async (_snapshot, ctx) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(refresh()).toBeEnabled());
      await expectRows(ctx);
      expect(screen.queryByRole('alert')).toBeNull();
      const others = ctx.sessions.filter((s) => !s.current);
      if (others.length) expect(revokeAll()).toBeEnabled();
      else expect(revokeAll()).toBeDisabled();
      for (const row of screen.getAllByTestId(/^session-/)) {
        const button = within(row).queryByRole('button', { name: /^Revoke / });
        if (row.dataset.testid === `session-${HERE.id}`) expect(button).toBeNull();
        else expect(button).toBeEnabled();
      }
      if (ctx.sessions === ACCOUNT.sessions && !ctx.checkedSorting) {
        ctx.checkedSorting = true;
        await checkSorting(ctx);
        await expectRows(ctx);
      }
    },
    'list.confirmRevoke': async (_snapshot, ctx) => {
      const open = await dialog('Revoke session');
      expect(open).toHaveTextContent(
        'Sign out Firefox on Windows used by Max Member? It must log in again to continue.',
      );
      await waitFor(() => expect(within(open).getByRole('button', { name: 'Revoke' })).toBeEnabled());
      expect(within(open).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      if (ctx.error) expect(within(open).getByRole('alert')).toHaveTextContent(expectedText[ctx.error]);
      else expect(within(open).queryByRole('alert')).toBeNull();
      await expectRows(ctx);
      expect(ctx.requests.pending('revokeSession')).toBe(0);
    },
    'list.revoking': async (_snapshot, ctx) => {
      await waitFor(() => expect(ctx.requests.pending('revokeSession')).toBe(1));
      expect(ctx.requests.lastInput('revokeSession')).toBe(MEMBER_PC.id);
      const open = await dialog('Revoke session');
      expect(within(open).getByRole('button', { name: 'Processing' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      // The row stays until the server has answered.
      await expectRows(ctx);
    },
    'list.confirmRevokeAll': async (_snapshot, ctx) => {
      const open = await dialog('Revoke all other sessions');
      expect(open).toHaveTextContent(
        'Every session in this list except this device will be signed out and must log in again. This device stays signed in.',
      );
      await waitFor(() => expect(within(open).getByRole('button', { name: 'Revoke All' })).toBeEnabled());
      if (ctx.error) expect(within(open).getByRole('alert')).toHaveTextContent(expectedText[ctx.error]);
      else expect(within(open).queryByRole('alert')).toBeNull();
      await expectRows(ctx);
      expect(ctx.requests.pending('revokeAllSessions')).toBe(0);
    },
    'list.revokingAll': async (_snapshot, ctx) => {
      await waitFor(() => expect(ctx.requests.pending('revokeAllSessions')).toBe(1));
      const open = await dialog('Revoke all other sessions');
      expect(within(open).getByRole('button', { name: 'Processing' })).toBeDisabled();
      expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await expectRows(ctx);
    },
  },
});
