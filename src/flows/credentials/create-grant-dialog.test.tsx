import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import {
  CREATED,
  createGrantEvents,
  describeCreateGrantEvent,
  FOREIGN_URI,
  INPUT,
  NATIVE_TEXT,
  NATIVE_URIS,
  PORTAL_ORIGIN,
  REDIRECT_TEXT,
  serializeCreateGrant,
} from '#machines/create-grant/create-grant.model-cases.ts';
import { ROW_A, ROWS } from '#machines/credentials/credentials.model-cases.ts';
import type { GrantType } from '#shared-domain/credentials.ts';
import { createDeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import {
  expectLanded,
  expectNoAlert,
  fillIn,
  landing,
  renderRoutes,
  setSessionClaims,
  urlOf,
  waitFor,
} from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import {
  type Ctx,
  createGrantButton,
  DISCARD_QUESTION,
  dialog,
  expectDetails,
  expectEscapeKeepsOpen,
  expectedFailure,
  expectedValidation,
  expectForm,
  inDialog,
  nameField,
  overview,
  PAGE,
  toResponse,
  urisField,
} from './create-grant-dialog.expect.tsx';
import { CredentialsPage } from './credentials-page.tsx';

const server = setupMswServer();

describeModel<typeof createGrantMachine, Ctx>(
  createGrantMachine,
  withViewChecks({
    name: 'create-grant dialog through the view',
    input: INPUT,
    events: createGrantEvents,
    serialize: serializeCreateGrant,
    describeEvent: describeCreateGrantEvent,
    setup: async (): Promise<Ctx> => {
      expect(window.location.origin).toBe(PORTAL_ORIGIN);
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get('/api/credentials', () => {
          ctx.loads++;
          return overview();
        }),
        http.post(
          '/api/client_grant',
          async ({ request }) => (await ctx.requests.take('submitGrant', await request.json())) as Response,
        ),
      );
      setSessionClaims({ apiAccess: true, isGroupOwner: true });
      const { router } = renderRoutes(
        [{ path: '/pages/credentials', element: <CredentialsPage /> }, landing('/pages/login')],
        PAGE,
      );
      const ctx: Ctx = {
        requests: createDeferredQueue(),
        loads: 0,
        grantType: null,
        typed: { applicationName: '', redirectUris: '' },
        expected: null,
        created: false,
        router,
      };
      await screen.findByTestId(`credential-${ROWS[0].id}`);
      await userEvent.click(createGrantButton());
      return ctx;
    },
    exec: {
      'type.choose': async (step, ctx) => {
        ctx.grantType = (step.event as unknown as { grantType: GrantType }).grantType;
        ctx.expected = null;
        await userEvent.click(
          inDialog().getByRole('button', {
            name: ctx.grantType === 'authorization_code' ? 'Authorization code' : 'Client credentials',
          }),
        );
      },
      'form.change': async (step, ctx) => {
        const { field, value } = step.event as unknown as { field: 'applicationName' | 'redirectUris'; value: string };
        ctx.typed[field] = value;
        await fillIn(userEvent, field === 'applicationName' ? nameField() : urisField(), value);
      },
      'form.back': async (_step, ctx) => {
        ctx.expected = null;
        await userEvent.click(inDialog().getByRole('button', { name: 'Back' }));
      },
      'form.submit': async (_step, ctx) => {
        ctx.expected = expectedValidation(ctx);
        await userEvent.click(inDialog().getByRole('button', { name: 'Create' }));
      },
      'dialog.close': async () => userEvent.click(inDialog().getByRole('button', { name: /^(Cancel|Close)$/ })),
      'secret.copy': async () => {
        // setup() gives the page a clipboard; only a copy that reached it counts.
        await userEvent.setup().click(inDialog().getByRole('button', { name: 'Copy client secret' }));
        expect(await navigator.clipboard.readText()).toBe(CREATED.secret);
      },
      'discard.confirm': () => userEvent.click(inDialog().getByRole('button', { name: 'Close anyway' })),
      'discard.cancel': () => userEvent.click(inDialog().getByRole('button', { name: 'Keep open' })),
      'xstate.done.actor.submitGrant': (step, ctx) => {
        ctx.created = true;
        ctx.requests.resolve('submitGrant', toResponse(step.event));
      },
      'xstate.error.actor.submitGrant': (step, ctx) => {
        ctx.expected = expectedFailure(ctx, (step.event as { error: unknown }).error);
        ctx.requests.resolve('submitGrant', toResponse(step.event));
      },
    },
    states: {
      choosing: async (_snapshot, ctx) => {
        await waitFor(() => expect(inDialog().getByText('Choose the grant type')).toBeInTheDocument());
        expect(inDialog().getByRole('button', { name: 'Client credentials' })).toBeEnabled();
        expect(inDialog().getByRole('button', { name: 'Authorization code' })).toBeEnabled();
        expectNoAlert(dialog());
        expect(urlOf(ctx.router)).toBe(PAGE);
      },
      editing: (_snapshot, ctx, step) => expectForm(ctx, step.event),
      creating: async (_snapshot, ctx) => {
        expect(await inDialog().findByRole('button', { name: 'Processing' })).toBeDisabled();
        expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('submitGrant')).toBe(1));
        expect(ctx.requests.lastInput('submitGrant')).toEqual(
          ctx.grantType === 'authorization_code'
            ? {
                grant_type: 'authorization_code',
                application_name: ctx.typed.applicationName,
                redirect_uris:
                  ctx.typed.redirectUris === REDIRECT_TEXT
                    ? [`${PORTAL_ORIGIN}/callback`, FOREIGN_URI]
                    : ctx.typed.redirectUris === NATIVE_TEXT
                      ? NATIVE_URIS
                      : [ctx.typed.redirectUris],
              }
            : { grant_type: 'client_credentials', application_name: ctx.typed.applicationName },
        );
      },
      'details.uncopied': async () => {
        await expectDetails();
        expectNoAlert(dialog());
        expect(inDialog().queryByTestId('discard-question')).toBeNull();
        expect(inDialog().getByRole('button', { name: 'Close' })).toBeEnabled();
        await expectEscapeKeepsOpen();
      },
      'details.confirmDiscard': async () => {
        expect(await inDialog().findByTestId('discard-question')).toHaveTextContent(DISCARD_QUESTION);
        await expectDetails();
        expect(inDialog().getByRole('button', { name: 'Keep open' })).toHaveFocus();
        expect(inDialog().queryByRole('button', { name: 'Close' })).toBeNull();
        await expectEscapeKeepsOpen();
      },
      'details.copied': async () => {
        await expectDetails();
        await waitFor(() => expect(inDialog().queryByTestId('discard-question')).toBeNull());
        expectNoAlert(dialog());
        expect(inDialog().getByRole('button', { name: 'Close' })).toBeEnabled();
      },
      sessionEnded: async (_snapshot, ctx) => {
        // Back to the credentials page once signed in again.
        await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
      },
      closed: async (_snapshot, ctx) => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // product.md §4: closing after a grant was made refreshes the list; a cancelled dialog asks nothing more.
        await waitFor(() => expect(ctx.loads).toBe(ctx.created ? 2 : 1));
        await waitFor(() => expect(createGrantButton()).toBeEnabled());
        expect(screen.getByTestId(`credential-${ROWS[0].id}`)).toBeInTheDocument();
        // Decision 0009: focus is back on the button that opened the dialog, the list reloaded or not.
        await waitFor(() => expect(document.activeElement).toBe(createGrantButton()));
        expect(urlOf(ctx.router)).toBe(PAGE);
      },
    },
  }),
);

describe('create-grant dialog', () => {
  function renderWith(clients: unknown[], created = CREATED) {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => overview(clients)),
      http.post('/api/client_grant', () => HttpResponse.json({ success: true, data: created })),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], PAGE);
  }

  it('does not offer a grant type the account holds the most of, and says why', async () => {
    const full = [1, 2, 3].map((n) => ({ ...ROW_A, id: `cred-${n}`, client_id: `client-${n}` }));
    renderWith(full);
    await screen.findByTestId('credential-cred-1');
    expect(screen.getByTestId('grant-limits')).toHaveTextContent(
      '3 of 3 client credentials grants · 0 of 3 authorization code grants',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Grant' }));
    expect(inDialog().getByRole('button', { name: 'Client credentials' })).toBeDisabled();
    expect(inDialog().getByTestId('cap-reached-client_credentials')).toHaveTextContent(
      'All 3 client credentials grants this account may have are in use. Delete one to create another.',
    );
    expect(inDialog().getByRole('button', { name: 'Authorization code' })).toBeEnabled();
    expect(inDialog().queryByTestId('cap-reached-authorization_code')).toBeNull();
  });

  it('shows an application name with markup as it was typed', async () => {
    const name = '<script>alert(1)</script> & <b>Co</b>';
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    renderWith(ROWS, { ...CREATED, application_name: name });
    await screen.findByTestId(`credential-${ROWS[0].id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create Grant' }));
    await userEvent.click(inDialog().getByRole('button', { name: 'Client credentials' }));
    await userEvent.click(inDialog().getByRole('button', { name: 'Create' }));
    expect(await inDialog().findByText(`The grant ${name} is ready.`)).toBeInTheDocument();
    spy.mockRestore();
    expect(errors).toEqual([]);
  });
});
