import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CreateGrantErrorCode } from '#machines/create-grant/create-grant.errors.ts';
import { createGrantMachine } from '#machines/create-grant/create-grant.machine.ts';
import {
  BAD_URI,
  CREATED,
  createFailures,
  createGrantEvents,
  describeCreateGrantEvent,
  FOREIGN_URI,
  INPUT,
  LONG_URI,
  NATIVE_TEXT,
  NATIVE_URIS,
  PORTAL_ORIGIN,
  REDIRECT_TEXT,
  SESSION_ENDED,
  serializeCreateGrant,
  TOO_MANY_TEXT,
} from '#machines/create-grant/create-grant.model-cases.ts';
import { ROW_A, ROWS } from '#machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { GrantType } from '#shared-domain/credentials.ts';
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

/** What a reader must see for each code, in English, written out by hand. */
const texts: Record<CreateGrantErrorCode, string> = {
  MissingRedirectUris: 'An authorization code grant needs at least one redirect URI',
  InvalidRedirectUri: 'Each redirect URI must be a full http:// or https:// address without a fragment',
  ApplicationNameTaken: 'application name has been taken by another account',
  ClientLimitExceeded: 'number of credentials of this grant type has exceeded the limit for the account',
  AnErrorOccured: 'An error occured, please try again later',
  // The numbers are INPUT's limits, which the server's answer below states.
  TooManyRedirectUris: 'A grant may have at most 2 redirect URIs',
  RedirectUriTooLong: 'A redirect URI may be at most 60 characters long',
};
/** Refusals of the request itself, worded by the page from their code, by the failure's label. */
const requestProblemTexts: Record<string, string> = { '413 body too large': 'What you entered is too long' };
const URIS_HINT = 'One URI per line, at most 2, each at most 60 characters; required for an authorization code grant.';
const DISCARD_QUESTION = 'You have not copied the secret. It will not be shown again. Close anyway?';
const URI_WARNINGS: Record<string, string[]> = {
  [REDIRECT_TEXT]: [`${FOREIGN_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
  [BAD_URI]: [`${BAD_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
};
const NATIVE_HINTS: Record<string, string[]> = {
  [NATIVE_TEXT]: NATIVE_URIS.map(
    (uri) => `${uri} is the address of an app on the user’s device (a native app), not of a website.`,
  ),
};
const NAME_HINT = 'Leave empty to use the default name "Not Found". The name cannot be changed later.';
const SECRET_WARNING = 'Copy the secret now and keep it safe: it will not be available again.';

interface Ctx {
  requests: DeferredQueue<'submitGrant'>;
  loads: number;
  grantType: GrantType | null;
  typed: { applicationName: string; redirectUris: string };
  expectedError: string | null;
  created: boolean;
  router: ReturnType<typeof renderRoutes>['router'];
}

const dialog = () => screen.getByRole('dialog', { name: 'Create access grant' });
const inDialog = () => within(dialog());
const nameField = () => inDialog().getByLabelText('Application name') as HTMLInputElement;
const urisField = () => inDialog().getByLabelText('Redirect URIs') as HTMLTextAreaElement;

function expectedValidation(ctx: Ctx): string | null {
  if (ctx.grantType !== 'authorization_code') return null;
  const byText: Record<string, string> = {
    '': texts.MissingRedirectUris,
    [TOO_MANY_TEXT]: texts.TooManyRedirectUris,
    [LONG_URI]: texts.RedirectUriTooLong,
    [BAD_URI]: texts.InvalidRedirectUri,
  };
  return byText[ctx.typed.redirectUris] ?? null;
}

/** GET credentials as the server answers it: the rows, and INPUT's limits and endpoints. */
const overview = (clients: unknown[] = ROWS) =>
  HttpResponse.json({
    success: true,
    data: { clients: { array: clients }, limits: INPUT.limits, endpoints: INPUT.endpoints },
  });

/** The shown secret must survive Escape while it was not copied. */
async function expectEscapeKeepsOpen() {
  await userEvent.keyboard('{Escape}');
  expect(dialog()).toBeInTheDocument();
}

function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, data: CREATED });
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

async function expectDetails() {
  expect(await inDialog().findByText(`The grant ${CREATED.application_name} is ready.`)).toBeInTheDocument();
  expect(inDialog().getByTestId('client-id')).toHaveTextContent(CREATED.client_id);
  expect(inDialog().getByTestId('client-secret')).toHaveTextContent(CREATED.secret);
  expect(inDialog().getByTestId('secret-warning')).toHaveTextContent(SECRET_WARNING);
  expect(inDialog().getByTestId('client-scope')).toHaveTextContent(CREATED.scope);
  expect(inDialog().getByTestId('token-endpoint')).toHaveTextContent(INPUT.endpoints.token_endpoint);
  expect(inDialog().getByTestId('authorization-endpoint')).toHaveTextContent(INPUT.endpoints.authorization_endpoint);
  expect(inDialog().getByRole('button', { name: /^(Copy client secret|Copied)$/ })).toBeEnabled();
  expect(inDialog().getByRole('button', { name: 'Copy client ID' })).toBeEnabled();
}

describeModel(createGrantMachine, {
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
      '/pages/credentials',
    );
    const typed = { applicationName: '', redirectUris: '' };
    const ctx: Ctx = {
      requests: createDeferredQueue(),
      loads: 0,
      grantType: null,
      typed,
      expectedError: null,
      created: false,
      router,
    };
    await screen.findByTestId(`credential-${ROWS[0].id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create Grant' }));
    return ctx;
  },
  exec: {
    'type.choose': async (step, ctx) => {
      ctx.grantType = (step.event as unknown as { grantType: GrantType }).grantType;
      ctx.expectedError = null;
      await userEvent.click(
        inDialog().getByRole('button', {
          name: ctx.grantType === 'authorization_code' ? 'Authorization code' : 'Client credentials',
        }),
      );
    },
    'form.change': async (step, ctx) => {
      const { field, value } = step.event as unknown as { field: 'applicationName' | 'redirectUris'; value: string };
      ctx.typed[field] = value;
      const input = field === 'applicationName' ? nameField() : urisField();
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value.replace(/\n/g, '{Enter}'));
    },
    'form.back': async (_step, ctx) => {
      ctx.expectedError = null;
      await userEvent.click(inDialog().getByRole('button', { name: 'Back' }));
    },
    'form.submit': async (_step, ctx) => {
      ctx.expectedError = expectedValidation(ctx);
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
      const error = (step.event as { error: unknown }).error;
      if (error !== SESSION_ENDED.error) {
        const { label, code } = createFailures.find((f) => f.error === error)!;
        ctx.expectedError = typeof code === 'string' ? texts[code] : requestProblemTexts[label];
      }
      ctx.requests.resolve('submitGrant', toResponse(step.event));
    },
  },
  states: {
    choosing: async () => {
      await waitFor(() => expect(inDialog().getByText('Choose the grant type')).toBeInTheDocument());
      expect(inDialog().getByRole('button', { name: 'Client credentials' })).toBeEnabled();
      expect(inDialog().getByRole('button', { name: 'Authorization code' })).toBeEnabled();
      expect(inDialog().queryByRole('alert')).toBeNull();
    },
    editing: async (_snapshot, ctx) => {
      await waitFor(() => expect(inDialog().getByRole('button', { name: 'Create' })).toBeEnabled());
      const kind = ctx.grantType === 'authorization_code' ? 'Authorization code' : 'Client credentials';
      expect(inDialog().getByText(`Grant type: ${kind}`)).toBeInTheDocument();
      expect(nameField()).toHaveValue(ctx.typed.applicationName);
      // The server's name limit, shared with the form: typing stops there.
      expect(nameField()).toHaveAttribute('maxlength', '100');
      expect(inDialog().getByText(NAME_HINT)).toBeInTheDocument();
      if (ctx.grantType === 'authorization_code') {
        expect(urisField()).toHaveValue(ctx.typed.redirectUris);
        // The server's limits, said before they bite.
        expect(inDialog().getByText(URIS_HINT)).toBeInTheDocument();
      } else expect(inDialog().queryByLabelText('Redirect URIs')).toBeNull();
      const warnings = inDialog()
        .queryAllByTestId('uri-warning')
        .map((w) => w.textContent);
      // The portal's own URI draws no warning; any other does, and the form still submits.
      expect(warnings).toEqual(
        ctx.grantType === 'authorization_code' ? (URI_WARNINGS[ctx.typed.redirectUris] ?? []) : [],
      );
      // A native app's URI is never on the portal's host: it is named for what it is, without a warning.
      const hints = inDialog()
        .queryAllByTestId('uri-native')
        .map((w) => w.textContent);
      expect(hints).toEqual(ctx.grantType === 'authorization_code' ? (NATIVE_HINTS[ctx.typed.redirectUris] ?? []) : []);
      if (ctx.expectedError) expect(inDialog().getByRole('alert')).toHaveTextContent(ctx.expectedError);
      else expect(inDialog().queryByRole('alert')).toBeNull();
    },
    creating: async (_snapshot, ctx) => {
      expect(await inDialog().findByRole('button', { name: 'Processing' })).toBeDisabled();
      expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(inDialog().queryByRole('alert')).toBeNull();
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
      expect(inDialog().getByRole('button', { name: 'Close' })).toBeEnabled();
    },
    sessionEnded: async (_snapshot, ctx) => {
      expect(await screen.findByTestId('landed')).toHaveTextContent('/pages/login');
      expect(ctx.router.state.location.search).toBe('?return_to=%2Fpages%2Fcredentials');
    },
    closed: async (_snapshot, ctx) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // product.md §4: closing after a grant was made refreshes the list; a cancelled dialog asks nothing more.
      await waitFor(() => expect(ctx.loads).toBe(ctx.created ? 2 : 1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Create Grant' })).toBeEnabled());
      expect(screen.getByTestId(`credential-${ROWS[0].id}`)).toBeInTheDocument();
    },
  },
});

describe('create-grant dialog', () => {
  function renderWith(clients: unknown[], created = CREATED) {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => overview(clients)),
      http.post('/api/client_grant', () => HttpResponse.json({ success: true, data: created })),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
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
