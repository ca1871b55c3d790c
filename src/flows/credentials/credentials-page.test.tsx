import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CREATED } from '#machines/create-grant/create-grant.model-cases.ts';
import { credentialsMachine } from '#machines/credentials/credentials.machine.ts';
import {
  credentialsEvents,
  describeCredentialsEvent,
  failureCode,
  NEW_SECRET,
  OVERVIEW,
  ROW_A,
  ROW_B,
  ROWS,
  SESSION_ENDED,
  serializeCredentials,
} from '#machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { Credential } from '#shared-domain/credentials.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import {
  createDeferredQueue,
  type DeferredQueue,
  describeModel,
  type ModelEvent,
} from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { landing, renderRoutes, setSessionClaims } from '#tests/support/render.tsx';
import { CredentialsPage } from './credentials-page.tsx';

const server = setupMswServer();

/** What a reader must see, in English, written out by hand. */
const NOT_OWNER = 'Only the account owner can access this page';
const ACCESS_DENIED = 'Access Denied';
const AUTH_ERROR = 'Authentication Error Occured';
const GENERIC = 'An error occured, please try again later';
const actionTexts = {
  CredentialNotFound: 'This credential does not exist, or belongs to another account',
  AnErrorOccured: GENERIC,
} as const;
const DISCARD_QUESTION = 'You have not copied the secret. It will not be shown again. Close anyway?';
const RETURN_HERE = '?return_to=%2Fpages%2Fcredentials';

type Id = 'loadCredentials' | 'changeSecret' | 'deleteCredential' | 'endSession';

interface Ctx {
  requests: DeferredQueue<Id>;
  /** What the server holds, and what the page must show. */
  rows: Credential[];
  actionError: string | null;
  created: unknown[];
  /** What POST client_grant answers next. */
  createAnswer: () => Response;
  router: ReturnType<typeof renderRoutes>['router'];
}

/** GET credentials as the server answers it: the rows, beside the limits and endpoints. */
const overview = (clients: Credential[]) => ({ success: true, data: { ...OVERVIEW, clients: { array: clients } } });

function toResponse(event: ModelEvent, success: unknown): Response {
  if (!('error' in event)) return HttpResponse.json(success as never);
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const row = (c: Credential) => within(screen.getByTestId(`credential-${c.id}`));
const refreshButton = () => screen.getByRole('button', { name: 'Refresh' });

async function expectRows(ctx: Ctx) {
  await waitFor(() =>
    expect(screen.queryAllByTestId(/^credential-/).map((r) => r.dataset.testid)).toEqual(
      ctx.rows.map((r) => `credential-${r.id}`),
    ),
  );
  for (const c of ctx.rows) {
    const cells = within(screen.getByTestId(`credential-${c.id}`)).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(c.id);
    expect(cells[1]).toHaveTextContent(c.application_name);
    expect(cells[2]).toHaveTextContent(c === ROW_A ? 'Client credentials' : 'Authorization code');
    expect(within(cells[3]).getByRole('link', { name: 'Setup' })).toHaveAttribute(
      'href',
      `/pages/alert-forwarding-config?client_uid=${c.client_uid}`,
    );
    expect(cells[5]).toHaveTextContent(c === ROW_A ? '—' : 'https://care.example/cbhttps://care.example/other');
    expect(cells[6]).toHaveTextContent(c === ROW_A ? 'Never' : 'Nov 22, 2026');
  }
}

async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function actionText(event: ModelEvent): string | null {
  const code = failureCode(event as { error?: unknown });
  return code === SESSION_ENDED ? null : actionTexts[code as keyof typeof actionTexts];
}

/** The credential's scopes and this portal's endpoints, each with its copy button. */
function expectScopeAndEndpoints(open: HTMLElement) {
  expect(within(open).getByTestId('client-scope')).toHaveTextContent(ROW_A.scope);
  expect(within(open).getByTestId('authorization-endpoint')).toHaveTextContent(
    OVERVIEW.endpoints.authorization_endpoint,
  );
  expect(within(open).getByTestId('token-endpoint')).toHaveTextContent(OVERVIEW.endpoints.token_endpoint);
  for (const name of ['Copy scopes', 'Copy authorization endpoint', 'Copy token endpoint']) {
    expect(within(open).getByRole('button', { name })).toBeEnabled();
  }
}

async function expectNewSecret() {
  const open = await dialog('OAuth information');
  expect(within(open).getByTestId('client-id')).toHaveTextContent(NEW_SECRET.client_id);
  expect(within(open).getByTestId('client-secret')).toHaveTextContent(NEW_SECRET.secret);
  expect(within(open).getByTestId('secret-warning')).toHaveTextContent(
    'Copy the secret now and keep it safe: it will not be available again.',
  );
  expect(within(open).getByRole('button', { name: /^(Copy client secret|Copied)$/ })).toBeEnabled();
  expectScopeAndEndpoints(open);
  return open;
}

/** A secret not yet copied survives Escape and a click outside the dialog. */
async function expectStaysOpen(open: HTMLElement) {
  await userEvent.keyboard('{Escape}');
  const overlay = document.querySelector('.mantine-Modal-overlay');
  if (overlay) await userEvent.click(overlay);
  expect(open).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'OAuth information' })).toBe(open);
}

describeModel(credentialsMachine, {
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
      '/pages/credentials',
    ).router;
    return ctx;
  },
  exec: {
    'list.refresh': () => userEvent.click(refreshButton()),
    'grant.create': () => userEvent.click(screen.getByRole('button', { name: 'Create Grant' })),
    'secret.change': () => userEvent.click(row(ROW_A).getByRole('button', { name: 'Change' })),
    'grant.delete': () => userEvent.click(row(ROW_A).getByRole('button', { name: 'Delete' })),
    'info.show': () => userEvent.click(row(ROW_A).getByRole('button', { name: 'OAuth information' })),
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
    'xstate.done.actor.createGrant': async (step, ctx) => {
      const open = await dialog('Create access grant');
      const output = (step.event as { output: { created: boolean; sessionEnded: boolean } }).output;
      if (!output.created && !output.sessionEnded) {
        await userEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
        return;
      }
      ctx.createAnswer = output.sessionEnded
        ? () => HttpResponse.json(apiErrorBody('NoSession'), { status: 401 })
        : () => HttpResponse.json({ success: true, data: CREATED });
      await userEvent.click(within(open).getByRole('button', { name: 'Client credentials' }));
      await userEvent.click(within(open).getByRole('button', { name: 'Create' }));
      if (output.sessionEnded) return;
      await within(open).findByText(CREATED.secret);
      expect(ctx.created.at(-1)).toEqual({ grant_type: 'client_credentials', application_name: '' });
      await userEvent.click(within(open).getByRole('button', { name: 'Close' }));
      await userEvent.click(within(open).getByRole('button', { name: 'Close anyway' }));
    },
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
    },
    accessDenied: async () => {
      expect(await screen.findByRole('heading', { name: ACCESS_DENIED })).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
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
    loggedOut: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
      // The popup's Login comes back here too.
      expect(ctx.router.state.location.search).toBe(RETURN_HERE);
    },
    sessionEnded: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
      expect(ctx.router.state.location.search).toBe(RETURN_HERE);
    },
    'list.idle': async (_snapshot, ctx) => {
      await expectNoDialog();
      await waitFor(() => expect(refreshButton()).toBeEnabled());
      expect(screen.getByRole('button', { name: 'Create Grant' })).toBeEnabled();
      await expectRows(ctx);
      for (const c of ctx.rows) expect(row(c).getByRole('button', { name: 'Change' })).toBeEnabled();
      // The server's cap per grant type, with what the account holds of it.
      const counts = ctx.rows.map((r) => r.grant_type);
      const cc = counts.filter((t) => t === 'client_credentials').length;
      expect(screen.getByTestId('grant-limits')).toHaveTextContent(
        `${cc} of 5 client credentials grants · ${counts.length - cc} of 5 authorization code grants`,
      );
    },
    'list.creating': async () => {
      const open = await dialog('Create access grant');
      expect(within(open).getByText('Choose the grant type')).toBeInTheDocument();
    },
    'list.confirmChange': async (_snapshot, ctx) => {
      const open = await dialog('Change client secret');
      expect(open).toHaveTextContent('Change the secret of Nightly export? The old secret stops working at once.');
      await waitFor(() => expect(within(open).getByRole('button', { name: 'Change secret' })).toBeEnabled());
      if (ctx.actionError) expect(within(open).getByRole('alert')).toHaveTextContent(ctx.actionError);
      else expect(within(open).queryByRole('alert')).toBeNull();
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
      if (ctx.actionError) expect(within(open).getByRole('alert')).toHaveTextContent(ctx.actionError);
      else expect(within(open).queryByRole('alert')).toBeNull();
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
});

describe('credentials page', () => {
  it('copies the new secret and the client_id from the OAuth information dialog', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json(overview([ROW_A, ROW_B]))),
      http.put('/api/client_grant', () => HttpResponse.json({ success: true, data: NEW_SECRET })),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
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
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
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
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
    expect(await screen.findByTestId('credentials-empty')).toHaveTextContent(
      'No credentials yet. Create Grant makes one.',
    );
  });

  it('sends a reader without a session to login, with the way back', async () => {
    renderRoutes(
      [{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')],
      '/pages/credentials',
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
  });
});
