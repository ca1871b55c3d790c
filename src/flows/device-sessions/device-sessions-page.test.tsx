import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, vi } from 'vitest';
import { deviceSessionsMachine } from '#machines/device-sessions/device-sessions.machine.ts';
import {
  ACCOUNT,
  describeDeviceSessionsEvent,
  deviceSessionsEvents,
  failures,
  HERE,
  MEMBER_PC,
  NOW,
  serializeDeviceSessions,
} from '#machines/device-sessions/device-sessions.model-cases.ts';
import type { DeviceSessionsData } from '#shared-domain/device-sessions.ts';
import { createDeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectFocusBackOn,
  expectLanded,
  expectNoAlert,
  landing,
  renderRoutes,
  setSessionClaims,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import {
  type Ctx,
  checkSorting,
  dialog,
  errorOf,
  expectConfirmError,
  expectedText,
  expectRows,
  type Id,
  PAGE,
  refresh,
  revokeAll,
  revokeMember,
  toResponse,
} from './device-sessions-page.expect.tsx';
import { DeviceSessionsPage } from './device-sessions-page.tsx';

const server = setupMswServer();

describeModel<typeof deviceSessionsMachine, Ctx>(
  deviceSessionsMachine,
  withViewChecks({
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
        http.delete(
          '/api/deviceSessions/revoke/all',
          async () => (await requests.take('revokeAllSessions')) as Response,
        ),
        http.delete(
          '/api/deviceSessions/revoke/:id',
          async ({ params }) => (await requests.take('revokeSession', params.id)) as Response,
        ),
      );
      setSessionClaims({ apiAccess: false, isGroupOwner: true });
      const { router } = renderRoutes(
        [{ path: '/pages/device-sessions', element: <DeviceSessionsPage /> }, landing('/pages/login')],
        PAGE,
      );
      return { requests, router, sessions: [], error: null, checkedSorting: false, opener: null };
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
      'session.revoke': async (_step, ctx) => {
        ctx.opener = revokeMember;
        await userEvent.click(revokeMember()!);
      },
      'sessions.revokeAll': async (_step, ctx) => {
        ctx.opener = revokeAll;
        await userEvent.click(revokeAll());
      },
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
      sessionEnded: (_snapshot, ctx) => expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`),
      'list.idle': async (_snapshot, ctx) => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(refresh()).toBeEnabled());
        await expectRows(ctx);
        expectNoAlert();
        expect(urlOf(ctx.router)).toBe(PAGE);
        if (ctx.opener) await expectFocusBackOn(ctx.opener);
        ctx.opener = null;
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
        await expectConfirmError(open, ctx);
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
        await expectConfirmError(open, ctx);
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
  }),
);
