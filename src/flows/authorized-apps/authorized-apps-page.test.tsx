import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { AuthorizedAppsErrorCode } from '#machines/authorized-apps/authorized-apps.errors.ts';
import { type AuthorizedApp, authorizedAppsMachine } from '#machines/authorized-apps/authorized-apps.machine.ts';
import {
  authorizedAppsEvents,
  CARE,
  describeAuthorizedAppsEvent,
  LOAD_FAILURE,
  removeFailures,
  serializeAuthorizedApps,
} from '#machines/authorized-apps/authorized-apps.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectFocusBackOn,
  expectLanded,
  expectNoAlert,
  landing,
  renderRoutes,
  setSessionClaims,
  type TestRouter,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import { AuthorizedAppsPage } from './authorized-apps-page.tsx';

const server = setupMswServer();

/** What a reader must see, in English, written out by hand. */
const expectedText: Record<AuthorizedAppsErrorCode, string> = {
  AnErrorOccured: 'An error occured, please try again later',
  RemoveAppFailed: 'The application could not be removed, please try again later',
  NotYourConsent: 'Only the account owner can remove this application: you did not allow it yourself',
};
const expectedCells: Record<string, (app: AuthorizedApp) => string[]> = {
  'care-client': (app) => ['Care App', app.consentedBy.join(''), 'Mar 14, 2026'],
  'family-client': () => ['Family Hub', 'Olivia Owner', 'Nov 2, 2025'],
};
const confirmText = {
  account: 'Care App will no longer be able to access the account, for everyone in it.',
  own: 'This removes only your own consent: Care App will no longer be able to access the account on your behalf. Others in the account who allowed it keep it.',
};
const PAGE = '/pages/authorized-apps?from=menu';

interface Ctx {
  requests: DeferredQueue<'loadApps' | 'revokeApp'>;
  router: TestRouter;
  apps: AuthorizedApp[];
  /** Whether the page's Remove button opened the dialog on show: focus goes back to it (decision 0009). */
  removeOpened: boolean;
  error: AuthorizedAppsErrorCode | null;
  checkedPermissions: boolean;
}

const toRow = (app: AuthorizedApp) => ({
  client_id: app.clientId,
  application_name: app.applicationName,
  consented_by: app.consentedBy,
  consented_at: app.consentedAt,
  allowed_scope: app.allowedScope,
  removable: app.removable,
  removes: app.removes,
});

function toResponse(event: ModelEvent): Response {
  if (event.type === 'xstate.done.actor.loadApps') {
    const array = (event.output as AuthorizedApp[]).map(toRow);
    return HttpResponse.json({ success: true, data: { authorized_apps: { array } } });
  }
  if (event.type === 'xstate.done.actor.revokeApp') {
    const remaining = event.output as AuthorizedApp | null;
    return HttpResponse.json({ success: true, data: { authorized_app: remaining ? toRow(remaining) : null } });
  }
  const error = (event as { error: ApiError }).error;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const refresh = () => screen.getByRole('button', { name: 'Refresh' });
const dialog = () => screen.getByRole('dialog', { name: 'Remove application?' });
const removeCare = () => screen.queryByRole('button', { name: 'Remove Care App' });

async function expectRows(ctx: Ctx) {
  const table = screen.queryByRole('table');
  if (ctx.apps.length === 0) {
    expect(table).toBeNull();
    expect(screen.getByTestId('no-apps')).toHaveTextContent('You have not authorized any applications.');
    return;
  }
  expect(screen.getAllByRole('row')).toHaveLength(ctx.apps.length + 1);
  for (const app of ctx.apps) {
    const row = screen.getByTestId(`app-${app.clientId}`);
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(expectedCells[app.clientId](app));
    // Remove only where the server allows it; elsewhere the reason, and no button at all.
    const remove = within(cells[4]).queryByRole('button', { name: `Remove ${app.applicationName}` });
    if (app.removable) expect(remove).toBeInTheDocument();
    else {
      expect(remove).toBeNull();
      expect(cells[4]).toHaveTextContent('Only the account owner can remove this');
    }
  }
}

describeModel<typeof authorizedAppsMachine, Ctx>(
  authorizedAppsMachine,
  withViewChecks({
    name: 'authorized applications page through the view',
    events: authorizedAppsEvents,
    serialize: serializeAuthorizedApps,
    describeEvent: describeAuthorizedAppsEvent,
    setup: (): Ctx => {
      const requests = createDeferredQueue<'loadApps' | 'revokeApp'>();
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/authorized_apps', async () => (await requests.take('loadApps')) as Response),
        http.put(
          '/api/consent/revoke',
          async ({ request }) => (await requests.take('revokeApp', await request.json())) as Response,
        ),
      );
      setSessionClaims({ apiAccess: false, isGroupOwner: true });
      const { router } = renderRoutes(
        [{ path: '/pages/authorized-apps', element: <AuthorizedAppsPage /> }, landing('/pages/login')],
        PAGE,
      );
      return { requests, router, apps: [], error: null, checkedPermissions: false, removeOpened: false };
    },
    exec: {
      'xstate.done.actor.loadApps': (step, ctx) => {
        ctx.apps = (step.event as { output: AuthorizedApp[] }).output;
        ctx.requests.resolve('loadApps', toResponse(step.event));
      },
      'xstate.error.actor.loadApps': (step, ctx) => {
        ctx.error = (step.event as { error: unknown }).error === LOAD_FAILURE ? 'AnErrorOccured' : null;
        ctx.requests.resolve('loadApps', toResponse(step.event));
      },
      'xstate.done.actor.revokeApp': (step, ctx) => {
        const remaining = (step.event as { output: AuthorizedApp | null }).output;
        ctx.apps = remaining
          ? ctx.apps.map((app) => (app.clientId === CARE.clientId ? remaining : app))
          : ctx.apps.filter((app) => app.clientId !== CARE.clientId);
        ctx.requests.resolve('revokeApp', toResponse(step.event));
      },
      'xstate.error.actor.revokeApp': (step, ctx) => {
        ctx.error = removeFailures.find((f) => f.error === (step.event as { error: unknown }).error)?.code ?? null;
        ctx.requests.resolve('revokeApp', toResponse(step.event));
      },
      'apps.refresh': async (_step, ctx) => {
        ctx.error = null;
        await userEvent.click(refresh());
      },
      'app.remove': async (_step, ctx) => {
        ctx.error = null;
        ctx.removeOpened = true;
        await userEvent.click(removeCare()!);
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
      sessionEnded: async (_snapshot, ctx) => {
        // The same way back as every signed-in page: login, then this very page with its query.
        await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
        expect(screen.queryByText('Authentication Error Occured')).toBeNull();
      },
      ready: async (_snapshot, ctx) => {
        await waitFor(() => expect(refresh()).toBeEnabled());
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await expectRows(ctx);
        if (ctx.error) expect(screen.getByRole('alert')).toHaveTextContent(expectedText[ctx.error]);
        else expectNoAlert();
        expect(urlOf(ctx.router)).toBe(PAGE);
        if (ctx.removeOpened) await expectFocusBackOn(removeCare);
        ctx.removeOpened = false;
        if (ctx.apps.some((app) => app.clientId === CARE.clientId) && !ctx.checkedPermissions) {
          ctx.checkedPermissions = true;
          await userEvent.click(screen.getByRole('button', { name: 'View permissions of Care App' }));
          const items = within(screen.getByTestId('permissions'))
            .getAllByRole('listitem')
            .map((item) => item.textContent);
          expect(items).toEqual(['Cameras: read+write', 'User profile: read-only', 'Alerts: read-only']);
          await userEvent.click(screen.getByRole('button', { name: 'Hide permissions of Care App' }));
          expect(screen.queryByTestId('permissions')).toBeNull();
        }
      },
      confirming: async (_snapshot, ctx) => {
        const care = ctx.apps.find((app) => app.clientId === CARE.clientId)!;
        expect(await screen.findByRole('dialog', { name: 'Remove application?' })).toHaveTextContent(
          confirmText[care.removes],
        );
        // A failure of an earlier attempt is gone once the reader asks again.
        expectNoAlert();
        expect(within(dialog()).getByRole('button', { name: 'Remove' })).toBeEnabled();
        expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
        await expectRows(ctx);
        expect(ctx.requests.pending('revokeApp')).toBe(0);
      },
      removing: async (_snapshot, ctx) => {
        await waitFor(() => expect(ctx.requests.pending('revokeApp')).toBe(1));
        expect(ctx.requests.lastInput('revokeApp')).toEqual({ client_id: CARE.clientId });
        // Like every button that waits on the server (product.md §4): disabled, and saying so.
        expect(within(dialog()).getByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        // The row stays until the server has answered.
        await expectRows(ctx);
      },
    },
  }),
);
