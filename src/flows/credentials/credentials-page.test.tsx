import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CREATED } from '../../../machines/create-grant/create-grant.model-cases.ts';
import { credentialsMachine } from '../../../machines/credentials/credentials.machine.ts';
import {
  changeFailure,
  credentialsEvents,
  describeCredentialsEvent,
  deleteFailure,
  NEW_SECRET,
  ROW_A,
  ROW_B,
  ROWS,
  serializeCredentials,
} from '../../../machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '../../../shared-domain/api-error.ts';
import type { Credential } from '../../../shared-domain/credentials.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { landing, renderRoutes, setSessionClaims } from '../../../tests/support/render.tsx';
import { CredentialsPage } from './credentials-page.tsx';

const server = useMswServer();

/** What a reader must see, in English, written out by hand. */
const NOT_OWNER = 'Only the account owner can access this page';
const ACCESS_DENIED = 'Access Denied';
const AUTH_ERROR = 'Authentication Error Occured';
const GENERIC = 'An error occured, please try again later';
const actionTexts = { AuthenticationError: AUTH_ERROR, AnErrorOccured: GENERIC } as const;

type Id = 'loadCredentials' | 'changeSecret' | 'deleteCredential' | 'endSession';

interface Ctx {
  requests: DeferredQueue<Id>;
  /** What the server holds, and what the page must show. */
  rows: Credential[];
  actionError: string | null;
  created: unknown[];
}

function toResponse(event: ModelEvent, success: unknown): Response {
  if (!('error' in event)) return HttpResponse.json(success as never);
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const row = (c: Credential) => within(screen.getByTestId(`credential-${c.id}`));
const refreshButton = () => screen.getByRole('button', { name: 'Refresh' });

async function expectRows(ctx: Ctx) {
  await waitFor(() => expect(screen.queryAllByTestId(/^credential-/).map((r) => r.dataset.testid)).toEqual(ctx.rows.map((r) => `credential-${r.id}`)));
  for (const c of ctx.rows) {
    const cells = within(screen.getByTestId(`credential-${c.id}`)).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(c.id);
    expect(cells[1]).toHaveTextContent(c.application_name);
    expect(cells[2]).toHaveTextContent(c === ROW_A ? 'Client credentials' : 'Authorization code');
    expect(within(cells[3]).getByRole('link', { name: 'Setup' })).toHaveAttribute('href', `/pages/alert-forwarding-config?client_uid=${c.client_uid}`);
    expect(cells[5]).toHaveTextContent(c === ROW_A ? '—' : 'https://care.example/cbhttps://care.example/other');
    expect(cells[6]).toHaveTextContent(c === ROW_A ? 'Never' : 'Nov 22, 2026');
  }
}

async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describeModel(credentialsMachine, {
  name: 'credentials page through the view',
  events: credentialsEvents,
  describeEvent: describeCredentialsEvent,
  serialize: serializeCredentials,
  setup: (): Ctx => {
    const ctx: Ctx = { requests: createDeferredQueue(), rows: [], actionError: null, created: [] };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', async () => (await ctx.requests.take('loadCredentials')) as Response),
      http.put('/api/client_grant', async ({ request }) => (await ctx.requests.take('changeSecret', await request.json())) as Response),
      http.delete('/api/client_credentials/:id', async ({ params }) => (await ctx.requests.take('deleteCredential', params.id)) as Response),
      http.get('/api/logout', async () => (await ctx.requests.take('endSession')) as Response),
      http.post('/api/client_grant', async ({ request }) => {
        ctx.created.push(await request.json());
        return HttpResponse.json({ success: true, data: CREATED });
      }),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')], '/pages/credentials');
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
    'session.leave': async () => userEvent.click(within(await dialog(AUTH_ERROR)).getByRole('button', { name: 'Login' })),
    'xstate.done.actor.loadCredentials': (step, ctx) => {
      ctx.rows = ROWS;
      ctx.requests.resolve('loadCredentials', toResponse(step.event, { success: true, data: { clients: { array: ROWS } } }));
    },
    'xstate.error.actor.loadCredentials': (step, ctx) => ctx.requests.resolve('loadCredentials', toResponse(step.event, null)),
    'xstate.done.actor.changeSecret': (step, ctx) =>
      ctx.requests.resolve('changeSecret', toResponse(step.event, { success: true, data: NEW_SECRET })),
    'xstate.error.actor.changeSecret': (step, ctx) => {
      ctx.actionError = actionTexts[changeFailure.code];
      ctx.requests.resolve('changeSecret', toResponse(step.event, null));
    },
    'xstate.done.actor.deleteCredential': (step, ctx) => {
      ctx.rows = ctx.rows.filter((r) => r.id !== ROW_A.id);
      ctx.requests.resolve('deleteCredential', toResponse(step.event, { success: true }));
    },
    'xstate.error.actor.deleteCredential': (step, ctx) => {
      ctx.actionError = actionTexts[deleteFailure.code];
      ctx.requests.resolve('deleteCredential', toResponse(step.event, null));
    },
    // The Create Grant dialog is real here: cancel it, or make a client_credentials grant and close its details.
    'xstate.done.actor.createGrant': async (step, ctx) => {
      const open = await dialog('Create access grant');
      if (!(step.event as { output: { created: boolean } }).output.created) {
        await userEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
        return;
      }
      await userEvent.click(within(open).getByRole('button', { name: 'Client credentials' }));
      await userEvent.click(within(open).getByRole('button', { name: 'Create' }));
      await within(open).findByText(CREATED.secret);
      expect(ctx.created.at(-1)).toEqual({ grant_type: 'client_credentials', application_name: '' });
      await userEvent.click(within(open).getByRole('button', { name: 'Close' }));
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
    loggedOut: async () => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
    },
    'list.idle': async (_snapshot, ctx) => {
      await expectNoDialog();
      await waitFor(() => expect(refreshButton()).toBeEnabled());
      expect(screen.getByRole('button', { name: 'Create Grant' })).toBeEnabled();
      await expectRows(ctx);
      for (const c of ctx.rows) expect(row(c).getByRole('button', { name: 'Change' })).toBeEnabled();
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
    'list.showSecret': async () => {
      const open = await dialog('OAuth information');
      expect(within(open).getByText(NEW_SECRET.client_id)).toBeInTheDocument();
      expect(within(open).getByText(NEW_SECRET.secret)).toBeInTheDocument();
      expect(within(open).getByTestId('secret-warning')).toHaveTextContent('Copy the secret now and keep it safe: it will not be available again.');
      expect(within(open).getByRole('button', { name: 'Copy client secret' })).toBeEnabled();
    },
    'list.confirmDelete': async (_snapshot, ctx) => {
      const open = await dialog('Delete grant');
      expect(open).toHaveTextContent('Delete Nightly export permanently? Applications using it stop working, and this cannot be undone.');
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
      expect(within(open).getByText(ROW_A.client_id)).toBeInTheDocument();
      expect(within(open).queryByTestId('secret-warning')).toBeNull();
      expect(within(open).getByRole('button', { name: 'Copy client ID' })).toBeEnabled();
    },
  },
});

describe('credentials page', () => {
  it('copies the new secret and the client_id from the OAuth information dialog', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json({ success: true, data: { clients: { array: [ROW_A, ROW_B] } } })),
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

  it('says so when the account has no credentials yet', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => HttpResponse.json({ success: true, data: { clients: { array: [] } } })),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
    expect(await screen.findByTestId('credentials-empty')).toHaveTextContent('No credentials yet. Create Grant makes one.');
  });

  it('sends a reader without a session to login, with the way back', async () => {
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')], '/pages/credentials');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
  });
});


