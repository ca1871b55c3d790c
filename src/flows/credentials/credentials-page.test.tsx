import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CREATED } from '#machines/create-grant/create-grant.model-cases.ts';
import { credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import {
  credentialsEvents,
  describeCredentialsEvent,
  NEW_SECRET,
  ROW_A,
  ROW_B,
  ROWS,
  serializeCredentials,
} from '#machines/credentials/credentials.model-cases.ts';
import { createDeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { expectLanded, landing, renderRoutes, setSessionClaims, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import {
  ACCESS_DENIED,
  AUTH_ERROR,
  actionText,
  type Ctx,
  createGrantThrough,
  DISCARD_QUESTION,
  dialog,
  expectConfirmError,
  expectFocusBack,
  expectIdleList,
  expectNewSecret,
  expectNoDialog,
  expectRows,
  expectScopeAndEndpoints,
  expectStaysOpen,
  NOT_OWNER,
  opensDialog,
  overview,
  PAGE,
  refreshButton,
  row,
  TO_LOGIN,
  toResponse,
} from './credentials-page.expect.tsx';
import { CredentialsPage } from './credentials-page.tsx';

const server = setupMswServer();

/** Row A's button of that name, null once the row is gone. */
const rowButton = (name: string) =>
  screen.queryByTestId(`credential-${ROW_A.id}`) && row(ROW_A).getByRole('button', { name });

describeModel<typeof credentialsMachine, Ctx>(
  credentialsMachine,
  withViewChecks({
    name: 'credentials page through the view',
    events: credentialsEvents,
    describeEvent: describeCredentialsEvent,
    serialize: serializeCredentials,
    setup: (): Ctx => {
      const createAnswer = () => HttpResponse.json({ success: true, data: CREATED });
      const ctx = {
        requests: createDeferredQueue(),
        rows: [],
        actionError: null,
        created: [],
        createAnswer,
        opener: null,
      } as unknown as Ctx;
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/credentials', async () => (await ctx.requests.take('loadCredentials')) as Response),
        http.put(
          '/api/client_grant',
          async ({ request }) => (await ctx.requests.take('changeSecret', await request.json())) as Response,
        ),
        http.delete(
          '/api/client_credentials/:id',
          async ({ params }) => (await ctx.requests.take('deleteCredential', params.id)) as Response,
        ),
        http.get('/api/logout', async () => (await ctx.requests.take('endSession')) as Response),
        http.post('/api/client_grant', async ({ request }) => {
          ctx.created.push(await request.json());
          return ctx.createAnswer();
        }),
      );
      setSessionClaims({ apiAccess: true, isGroupOwner: true });
      ctx.router = renderRoutes(
        [{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')],
        PAGE,
      ).router;
      return ctx;
    },
    exec: {
      'list.refresh': () => userEvent.click(refreshButton()),
      'grant.create': (_step, ctx) => opensDialog(ctx, () => screen.queryByRole('button', { name: 'Create Grant' })),
      'secret.change': (_step, ctx) => opensDialog(ctx, () => rowButton('Change')),
      'grant.delete': (_step, ctx) => opensDialog(ctx, () => rowButton('Delete')),
      'info.show': (_step, ctx) => opensDialog(ctx, () => rowButton('OAuth information')),
      'dialog.confirm': async (step, ctx) => {
        ctx.actionError = null;
        const changing = step.previous!.matches({ list: 'confirmChange' });
        const open = await dialog(changing ? 'Change client secret' : 'Delete grant');
        await userEvent.click(within(open).getByRole('button', { name: changing ? 'Change secret' : 'Delete' }));
      },
      'dialog.close': async (_step, ctx) => {
        ctx.actionError = null;
        const open = screen.getByRole('dialog');
        await userEvent.click(within(open).getByRole('button', { name: /^(Close|Cancel)$/ }));
      },
      'session.leave': async () =>
        userEvent.click(within(await dialog(AUTH_ERROR)).getByRole('button', { name: 'Login' })),
      'secret.copy': async () => {
        // setup() gives the page a clipboard; only a copy that reached it counts.
        await userEvent
          .setup()
          .click(within(await dialog('OAuth information')).getByRole('button', { name: 'Copy client secret' }));
        expect(await navigator.clipboard.readText()).toBe(NEW_SECRET.secret);
      },
      'discard.confirm': async () =>
        userEvent.click(within(await dialog('OAuth information')).getByRole('button', { name: 'Close anyway' })),
      'discard.cancel': async () =>
        userEvent.click(within(await dialog('OAuth information')).getByRole('button', { name: 'Keep open' })),
      'xstate.done.actor.loadCredentials': (step, ctx) => {
        ctx.rows = ROWS;
        ctx.requests.resolve('loadCredentials', toResponse(step.event, overview(ROWS)));
      },
      'xstate.error.actor.loadCredentials': (step, ctx) =>
        ctx.requests.resolve('loadCredentials', toResponse(step.event, null)),
      'xstate.done.actor.changeSecret': (step, ctx) =>
        ctx.requests.resolve('changeSecret', toResponse(step.event, { success: true, data: NEW_SECRET })),
      'xstate.error.actor.changeSecret': (step, ctx) => {
        ctx.actionError = actionText(step.event);
        ctx.requests.resolve('changeSecret', toResponse(step.event, null));
      },
      'xstate.done.actor.deleteCredential': (step, ctx) => {
        ctx.rows = ctx.rows.filter((r) => r.id !== ROW_A.id);
        ctx.requests.resolve('deleteCredential', toResponse(step.event, { success: true }));
      },
      'xstate.error.actor.deleteCredential': (step, ctx) => {
        ctx.actionError = actionText(step.event);
        ctx.requests.resolve('deleteCredential', toResponse(step.event, null));
      },
      // The Create Grant dialog is real here: cancel it, make a client_credentials grant and close its details without
      // copying (confirmed), or meet a 401 on Create.
      // The Create Grant dialog is real here (create-grant-dialog.test.tsx drives it through its own model).
      'xstate.done.actor.createGrant': (step, ctx) => createGrantThrough(step, ctx),
      'xstate.done.actor.endSession': (step, ctx) =>
        ctx.requests.resolve('endSession', toResponse(step.event, { success: true, message: 'Logged out' })),
      'xstate.error.actor.endSession': (step, ctx) => ctx.requests.resolve('endSession', toResponse(step.event, null)),
    },
    states: {
      loading: async (_snapshot, ctx) => {
        await waitFor(() => expect(refreshButton()).toBeDisabled());
        expect(screen.getByRole('button', { name: 'Create Grant' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('loadCredentials')).toBe(1));
        if (ctx.rows.length) await expectRows(ctx);
        else expect(screen.getByLabelText('Loading')).toBeInTheDocument();
      },
      notOwner: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(NOT_OWNER);
        expect(screen.queryByRole('table')).toBeNull();
        expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/pages/main');
      },
      accessDenied: async () => {
        expect(await screen.findByRole('heading', { name: ACCESS_DENIED })).toBeInTheDocument();
        expect(screen.queryByRole('table')).toBeNull();
        // Not a dead end: the way out is the one the owner-only notice offers.
        expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/pages/main');
      },
      authError: async () => {
        const open = await dialog(AUTH_ERROR);
        expect(within(open).getByRole('button', { name: 'Close' })).toBeEnabled();
        expect(within(open).getByRole('button', { name: 'Login' })).toBeEnabled();
        expect(screen.queryByRole('table')).toBeNull();
      },
      failed: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR);
        await expectNoDialog();
        expect(refreshButton()).toBeEnabled();
      },
      loggingOut: async (_snapshot, ctx) => {
        const open = await dialog(AUTH_ERROR);
        expect(within(open).getByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(within(open).getByRole('button', { name: 'Close' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('endSession')).toBe(1));
      },
      // The popup's Login comes back here too.
      loggedOut: (_snapshot, ctx) => expectLanded(ctx.router, TO_LOGIN),
      sessionEnded: (_snapshot, ctx) => expectLanded(ctx.router, TO_LOGIN),
      'list.idle': async (_snapshot, ctx, step) => {
        await expectIdleList(ctx);
        await expectFocusBack(ctx, step);
      },
      'list.creating': async () => {
        const open = await dialog('Create access grant');
        expect(within(open).getByText('Choose the grant type')).toBeInTheDocument();
      },
      'list.confirmChange': async (_snapshot, ctx) => {
        const open = await dialog('Change client secret');
        expect(open).toHaveTextContent('Change the secret of Nightly export? The old secret stops working at once.');
        await waitFor(() => expect(within(open).getByRole('button', { name: 'Change secret' })).toBeEnabled());
        await expectConfirmError(open, ctx);
      },
      'list.changing': async (_snapshot, ctx) => {
        const open = await dialog('Change client secret');
        expect(await within(open).findByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('changeSecret')).toBe(1));
        expect(ctx.requests.lastInput('changeSecret')).toEqual({ client_id: ROW_A.client_id });
      },
      'list.showSecret.uncopied': async () => {
        const open = await expectNewSecret();
        expect(within(open).queryByTestId('discard-question')).toBeNull();
        await expectStaysOpen(open);
      },
      'list.showSecret.confirmDiscard': async () => {
        const open = await expectNewSecret();
        expect(await within(open).findByTestId('discard-question')).toHaveTextContent(DISCARD_QUESTION);
        expect(within(open).getByRole('button', { name: 'Keep open' })).toHaveFocus();
        await expectStaysOpen(open);
      },
      'list.showSecret.copied': async () => {
        const open = await expectNewSecret();
        await waitFor(() => expect(within(open).queryByTestId('discard-question')).toBeNull());
        expect(within(open).getByRole('button', { name: 'Close' })).toBeEnabled();
      },
      'list.confirmDelete': async (_snapshot, ctx) => {
        const open = await dialog('Delete grant');
        expect(open).toHaveTextContent(
          'Delete Nightly export permanently? Applications using it stop working, and this cannot be undone.',
        );
        await expectConfirmError(open, ctx);
        // The row stays until the server confirms.
        await expectRows(ctx);
      },
      'list.deleting': async (_snapshot, ctx) => {
        const open = await dialog('Delete grant');
        expect(await within(open).findByRole('button', { name: 'Processing' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('deleteCredential')).toBe(1));
        expect(ctx.requests.lastInput('deleteCredential')).toBe(ROW_A.id);
        await expectRows(ctx);
      },
      'list.showInfo': async () => {
        const open = await dialog('OAuth information');
        expect(within(open).getByTestId('client-id')).toHaveTextContent(ROW_A.client_id);
        expect(within(open).queryByTestId('secret-warning')).toBeNull();
        expect(within(open).getByRole('button', { name: 'Copy client ID' })).toBeEnabled();
        expectScopeAndEndpoints(open);
      },
    },
  }),
);

describe('credentials page', () => {
  it('copies the new secret and the client_id from the OAuth information dialog', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json(overview([ROW_A, ROW_B]))),
      http.put('/api/client_grant', () => HttpResponse.json({ success: true, data: NEW_SECRET })),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], PAGE);
    await screen.findByTestId(`credential-${ROW_A.id}`);
    await user.click(row(ROW_A).getByRole('button', { name: 'Change' }));
    await user.click(within(await dialog('Change client secret')).getByRole('button', { name: 'Change secret' }));
    const open = await dialog('OAuth information');
    await user.click(within(open).getByRole('button', { name: 'Copy client secret' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_SECRET.secret);
    expect(within(open).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(open).getByRole('button', { name: 'Copy client ID' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_SECRET.client_id);
  });

  it('shows an application name with markup literally in the sentences that name it', async () => {
    const name = '<script>alert(1)</script> & <b>Co</b>';
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json(overview([{ ...ROW_A, application_name: name }]))),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], PAGE);
    await screen.findByTestId(`credential-${ROW_A.id}`);
    await userEvent.click(row(ROW_A).getByRole('button', { name: 'Change' }));
    expect(await dialog('Change client secret')).toHaveTextContent(
      `Change the secret of ${name}? The old secret stops working at once.`,
    );
    await userEvent.click(within(await dialog('Change client secret')).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(row(ROW_A).getByRole('button', { name: 'Delete' }));
    expect(await dialog('Delete grant')).toHaveTextContent(`Delete ${name} permanently?`);
    spy.mockRestore();
    expect(errors).toEqual([]);
  });

  it('says so when the account has no credentials yet', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json(overview([]))),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], PAGE);
    expect(await screen.findByTestId('credentials-empty')).toHaveTextContent(
      'No credentials yet. Create Grant makes one.',
    );
  });

  it('sends a reader without a session to login, with the way back', async () => {
    const { router } = renderRoutes(
      [{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')],
      PAGE,
    );
    await expectLanded(router, TO_LOGIN);
  });
});
