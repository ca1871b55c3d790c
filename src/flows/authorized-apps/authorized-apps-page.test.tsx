import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuthorizedAppsErrorCode } from '../../../machines/authorized-apps/authorized-apps.errors.ts';
import { authorizedAppsMachine, type AuthorizedApp } from '../../../machines/authorized-apps/authorized-apps.machine.ts';
import {
  authorizedAppsEvents,
  CARE,
  describeAuthorizedAppsEvent,
  loadFailures,
  serializeAuthorizedApps,
} from '../../../machines/authorized-apps/authorized-apps.model-cases.ts';
import type { ApiError } from '../../../shared-domain/api-error.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes, setSessionClaims } from '../../../tests/support/render.tsx';
import { AuthorizedAppsPage } from './authorized-apps-page.tsx';

const server = useMswServer();

/** What a reader must see, in English, written out by hand. */
const expectedText: Record<AuthorizedAppsErrorCode, string> = {
  AnErrorOccured: 'An error occured, please try again later',
  AuthenticationError: 'Authentication Error Occured',
  RemoveAppFailed: 'The application could not be removed, please try again later',
};
const expectedRow: Record<string, string[]> = {
  'care-client': ['Care App', 'Olivia OwnerMax Member', 'Mar 14, 2026'],
  'family-client': ['Family Hub', 'Max Member', 'Nov 2, 2025'],
};

interface Ctx {
  requests: DeferredQueue<'loadApps' | 'revokeApp'>;
  apps: AuthorizedApp[];
  error: AuthorizedAppsErrorCode | null;
  checkedPermissions: boolean;
}

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadApps') {
    const array = (event.output as AuthorizedApp[]).map((app) => ({
      client_id: app.clientId,
      application_name: app.applicationName,
      consented_by: app.consentedBy,
      consented_at: app.consentedAt,
      allowed_scope: app.allowedScope,
    }));
    return HttpResponse.json({ success: true, data: { authorized_apps: { array } } });
  }
  if ('output' in event) return HttpResponse.json({ success: true });
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const refresh = () => screen.getByRole('button', { name: 'Refresh' });
const dialog = () => screen.getByRole('dialog', { name: 'Remove application?' });

async function expectRows(ctx: Ctx) {
  const table = screen.queryByRole('table');
  if (ctx.apps.length === 0) {
    expect(table).toBeNull();
    expect(screen.getByTestId('no-apps')).toHaveTextContent('You have not authorized any applications.');
    return;
  }
  const rows = ctx.apps.map((app) => screen.getByTestId(`app-${app.clientId}`));
  expect(screen.getAllByRole('row')).toHaveLength(ctx.apps.length + 1);
  rows.forEach((row, i) => {
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(expectedRow[ctx.apps[i].clientId]);
  });
}

describeModel(authorizedAppsMachine, {
  name: 'authorized applications page through the view',
  events: authorizedAppsEvents,
  serialize: serializeAuthorizedApps,
  describeEvent: describeAuthorizedAppsEvent,
  setup: (): Ctx => {
    const ctx: Ctx = { requests: createDeferredQueue(), apps: [], error: null, checkedPermissions: false };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/authorized_apps', async () => (await ctx.requests.take('loadApps')) as Response),
      http.put('/api/consent/revoke', async ({ request }) => (await ctx.requests.take('revokeApp', await request.json())) as Response),
    );
    setSessionClaims({ apiAccess: false, isGroupOwner: true });
    renderRoutes([{ path: '/pages/authorized-apps', element: <AuthorizedAppsPage /> }], '/pages/authorized-apps');
    return ctx;
  },
  exec: {
    'xstate.done.actor.loadApps': (step, ctx) => {
      ctx.apps = (step.event as { output: AuthorizedApp[] }).output;
      ctx.requests.resolve('loadApps', toResponse(step.event));
    },
    'xstate.error.actor.loadApps': (step, ctx) => {
      ctx.error = loadFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.code;
      ctx.requests.resolve('loadApps', toResponse(step.event));
    },
    'xstate.done.actor.revokeApp': (step, ctx) => {
      ctx.apps = ctx.apps.filter((app) => app.clientId !== CARE.clientId);
      ctx.requests.resolve('revokeApp', toResponse(step.event));
    },
    'xstate.error.actor.revokeApp': (step, ctx) => {
      ctx.error = 'RemoveAppFailed';
      ctx.requests.resolve('revokeApp', toResponse(step.event));
    },
    'apps.refresh': async (_step, ctx) => {
      ctx.error = null;
      await userEvent.click(refresh());
    },
    'app.remove': async (_step, ctx) => {
      ctx.error = null;
      await userEvent.click(screen.getByRole('button', { name: 'Remove Care App' }));
    },
    'dialog.close': () => userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })),
    'dialog.confirm': () => userEvent.click(within(dialog()).getByRole('button', { name: 'Remove' })),
  },
  states: {
    loading: async (_snapshot, ctx) => {
      expect(await screen.findByLabelText('Loading authorized applications')).toBeInTheDocument();
      expect(refresh()).toBeDisabled();
      await waitFor(() => expect(ctx.requests.pending('loadApps')).toBe(1));
      expect(screen.queryByRole('alert')).toBeNull();
    },
    loadFailed: async (_snapshot, ctx) => {
      expect(await screen.findByRole('alert')).toHaveTextContent(expectedText[ctx.error!]);
      expect(refresh()).toBeEnabled();
      expect(screen.queryByRole('table')).toBeNull();
    },
    ready: async (_snapshot, ctx) => {
      await waitFor(() => expect(refresh()).toBeEnabled());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expectRows(ctx);
      if (ctx.error) expect(screen.getByRole('alert')).toHaveTextContent(expectedText[ctx.error]);
      else expect(screen.queryByRole('alert')).toBeNull();
      if (ctx.apps.includes(CARE) && !ctx.checkedPermissions) {
        ctx.checkedPermissions = true;
        await userEvent.click(screen.getByRole('button', { name: 'View permissions of Care App' }));
        const items = within(screen.getByTestId('permissions')).getAllByRole('listitem').map((item) => item.textContent);
        expect(items).toEqual(['Cameras: read+write', 'User profile: read-only', 'Alerts: read-only']);
        await userEvent.click(screen.getByRole('button', { name: 'Hide permissions of Care App' }));
        expect(screen.queryByTestId('permissions')).toBeNull();
      }
    },
    confirming: async (_snapshot, ctx) => {
      expect(await screen.findByRole('dialog', { name: 'Remove application?' })).toHaveTextContent(
        'Care App will no longer be able to access your account, for anyone in it.',
      );
      expect(within(dialog()).getByRole('button', { name: 'Remove' })).toBeEnabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      await expectRows(ctx);
      expect(ctx.requests.pending('revokeApp')).toBe(0);
    },
    removing: async (_snapshot, ctx) => {
      await waitFor(() => expect(ctx.requests.pending('revokeApp')).toBe(1));
      expect(ctx.requests.lastInput('revokeApp')).toEqual({ client_id: CARE.clientId });
      expect(within(dialog()).getByRole('button', { name: 'Remove' })).toBeDisabled();
      expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      // The row stays until the server has answered.
      await expectRows(ctx);
    },
  },
});
