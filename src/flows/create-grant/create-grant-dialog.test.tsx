import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CreateGrantErrorCode } from '../../../machines/create-grant/create-grant.errors.ts';
import { createGrantMachine } from '../../../machines/create-grant/create-grant.machine.ts';
import {
  BAD_URI,
  CREATED,
  createFailures,
  createGrantEvents,
  describeCreateGrantEvent,
  FOREIGN_URI,
  PORTAL_ORIGIN,
  REDIRECT_TEXT,
  serializeCreateGrant,
} from '../../../machines/create-grant/create-grant.model-cases.ts';
import { ROWS } from '../../../machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '../../../shared-domain/api-error.ts';
import type { GrantType } from '../../../shared-domain/credentials.ts';
import { createDeferredQueue, describeModel, type DeferredQueue, type ModelEvent } from '../../../tests/support/model-harness.ts';
import { useMswServer } from '../../../tests/support/msw.ts';
import { renderRoutes, setSessionClaims } from '../../../tests/support/render.tsx';
import { CredentialsPage } from '../credentials/credentials-page.tsx';

const server = useMswServer();

/** What a reader must see for each code, in English, written out by hand. */
const texts: Record<CreateGrantErrorCode, string> = {
  MissingRedirectUris: 'An authorization code grant needs at least one redirect URI',
  InvalidRedirectUri: 'Each redirect URI must be a full http:// or https:// address without a fragment',
  ApplicationNameTaken: 'application name has been taken by another account',
  ClientLimitExceeded: 'number of credentials of this grant type has exceeded the limit for the account',
  AnErrorOccured: 'An error occured, please try again later',
};
const URI_WARNINGS: Record<string, string[]> = {
  [REDIRECT_TEXT]: [`${FOREIGN_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
  [BAD_URI]: [`${BAD_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
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
}

const dialog = () => screen.getByRole('dialog', { name: 'Create access grant' });
const inDialog = () => within(dialog());
const nameField = () => inDialog().getByLabelText('Application name') as HTMLInputElement;
const urisField = () => inDialog().getByLabelText('Redirect URIs') as HTMLTextAreaElement;

function expectedValidation(ctx: Ctx): string | null {
  if (ctx.grantType !== 'authorization_code') return null;
  if (ctx.typed.redirectUris === '') return texts.MissingRedirectUris;
  return ctx.typed.redirectUris === BAD_URI ? texts.InvalidRedirectUri : null;
}

function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, data: CREATED });
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

describeModel(createGrantMachine, {
  name: 'create-grant dialog through the view',
  events: createGrantEvents,
  serialize: serializeCreateGrant,
  describeEvent: describeCreateGrantEvent,
  setup: async (): Promise<Ctx> => {
    expect(window.location.origin).toBe(PORTAL_ORIGIN);
    const ctx: Ctx = { requests: createDeferredQueue(), loads: 0, grantType: null, typed: { applicationName: '', redirectUris: '' }, expectedError: null, created: false };
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/credentials', () => {
        ctx.loads++;
        return HttpResponse.json({ success: true, data: { clients: { array: ROWS } } });
      }),
      http.post('/api/client_grant', async ({ request }) => (await ctx.requests.take('submitGrant', await request.json())) as Response),
    );
    setSessionClaims({ apiAccess: true, isGroupOwner: true });
    renderRoutes([{ path: '/pages/credentials', element: <CredentialsPage /> }], '/pages/credentials');
    await screen.findByTestId(`credential-${ROWS[0].id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Create Grant' }));
    return ctx;
  },
  exec: {
    'type.choose': async (step, ctx) => {
      ctx.grantType = (step.event as unknown as { grantType: GrantType }).grantType;
      ctx.expectedError = null;
      await userEvent.click(inDialog().getByRole('button', { name: ctx.grantType === 'authorization_code' ? 'Authorization code' : 'Client credentials' }));
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
    'xstate.done.actor.submitGrant': (step, ctx) => {
      ctx.created = true;
      ctx.requests.resolve('submitGrant', toResponse(step.event));
    },
    'xstate.error.actor.submitGrant': (step, ctx) => {
      ctx.expectedError = texts[createFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.code];
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
      expect(inDialog().getByText(NAME_HINT)).toBeInTheDocument();
      if (ctx.grantType === 'authorization_code') expect(urisField()).toHaveValue(ctx.typed.redirectUris);
      else expect(inDialog().queryByLabelText('Redirect URIs')).toBeNull();
      const warnings = inDialog().queryAllByTestId('uri-warning').map((w) => w.textContent);
      // The portal's own URI draws no warning; any other does, and the form still submits.
      expect(warnings).toEqual(ctx.grantType === 'authorization_code' ? (URI_WARNINGS[ctx.typed.redirectUris] ?? []) : []);
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
              redirect_uris: ctx.typed.redirectUris === REDIRECT_TEXT ? [`${PORTAL_ORIGIN}/callback`, FOREIGN_URI] : [ctx.typed.redirectUris],
            }
          : { grant_type: 'client_credentials', application_name: ctx.typed.applicationName },
      );
    },
    details: async () => {
      expect(await inDialog().findByText(`The grant ${CREATED.application_name} is ready.`)).toBeInTheDocument();
      expect(inDialog().getByText(CREATED.client_id)).toBeInTheDocument();
      expect(inDialog().getByText(CREATED.secret)).toBeInTheDocument();
      expect(inDialog().getByTestId('secret-warning')).toHaveTextContent(SECRET_WARNING);
      expect(inDialog().getByRole('button', { name: 'Copy client secret' })).toBeEnabled();
      expect(inDialog().getByRole('button', { name: 'Copy client ID' })).toBeEnabled();
    },
    closed: async (_snapshot, ctx) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // Spec §4: closing after a grant was made refreshes the list; a cancelled dialog asks nothing more.
      await waitFor(() => expect(ctx.loads).toBe(ctx.created ? 2 : 1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Create Grant' })).toBeEnabled());
      expect(screen.getByTestId(`credential-${ROWS[0].id}`)).toBeInTheDocument();
    },
  },
});
