/**
 * What the Create Grant dialog must show, written out by hand, and the checks the model test runs after each step
 * (create-grant-dialog.test.tsx).
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { CreateGrantErrorCode } from '#machines/create-grant/create-grant.errors.ts';
import {
  BAD_URI,
  CREATED,
  createFailures,
  FOREIGN_URI,
  INPUT,
  LONG_URI,
  NATIVE_TEXT,
  NATIVE_URIS,
  PORTAL_ORIGIN,
  REDIRECT_TEXT,
  SESSION_ENDED,
  TOO_MANY_TEXT,
} from '#machines/create-grant/create-grant.model-cases.ts';
import { ROWS } from '#machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { GrantType } from '#shared-domain/credentials.ts';
import type { DeferredQueue, ModelEvent } from '#tests/support/model-harness.ts';
import { expectErrorFocus, expectNoAlert, type TestRouter, waitFor } from '#tests/support/render.tsx';

type Field = 'Application name' | 'Redirect URIs';

/** What a reader must see for each code, in English, written out by hand, and the field it is about (decision 0009). */
const texts: Record<CreateGrantErrorCode, { text: string; field: Field | null }> = {
  MissingRedirectUris: { text: 'An authorization code grant needs at least one redirect URI', field: 'Redirect URIs' },
  InvalidRedirectUri: {
    text: 'Each redirect URI must be a full http:// or https:// address without a fragment',
    field: 'Redirect URIs',
  },
  ApplicationNameTaken: { text: 'application name has been taken by another account', field: 'Application name' },
  ClientLimitExceeded: {
    text: 'number of credentials of this grant type has exceeded the limit for the account',
    field: null,
  },
  AnErrorOccured: { text: 'An error occured, please try again later', field: null },
  // The numbers are INPUT's limits, which the server's answer below states.
  TooManyRedirectUris: { text: 'A grant may have at most 2 redirect URIs', field: 'Redirect URIs' },
  RedirectUriTooLong: { text: 'A redirect URI may be at most 60 characters long', field: 'Redirect URIs' },
};
/** Refusals of the request itself, worded by the page from their code, by the failure's label. */
const requestProblemTexts: Record<string, string> = { '413 body too large': 'What you entered is too long' };
export const URIS_HINT =
  'One URI per line, at most 2, each at most 60 characters; required for an authorization code grant.';
export const DISCARD_QUESTION = 'You have not copied the secret. It will not be shown again. Close anyway?';
const URI_WARNINGS: Record<string, string[]> = {
  [REDIRECT_TEXT]: [`${FOREIGN_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
  [BAD_URI]: [`${BAD_URI} does not start with ${PORTAL_ORIGIN}. Check that it is the address you mean.`],
};
const NATIVE_HINTS: Record<string, string[]> = {
  [NATIVE_TEXT]: NATIVE_URIS.map(
    (uri) => `${uri} is the address of an app on the user’s device (a native app), not of a website.`,
  ),
};
export const NAME_HINT = 'Leave empty to use the default name "Not Found". The name cannot be changed later.';
const SECRET_WARNING = 'Copy the secret now and keep it safe: it will not be available again.';
export const PAGE = '/pages/credentials';

export interface Ctx {
  requests: DeferredQueue<'submitGrant'>;
  loads: number;
  grantType: GrantType | null;
  typed: { applicationName: string; redirectUris: string };
  /** The error the form must show, and the field it is about; null when none. */
  expected: { text: string; field: Field | null } | null;
  created: boolean;
  router: TestRouter;
}

export const dialog = () => screen.getByRole('dialog', { name: 'Create access grant' });
export const inDialog = () => within(dialog());
export const nameField = () => inDialog().getByLabelText('Application name') as HTMLInputElement;
export const urisField = () => inDialog().getByLabelText('Redirect URIs') as HTMLTextAreaElement;
export const createGrantButton = () => screen.getByRole('button', { name: 'Create Grant' });

/** The form's own check before anything is sent, as the reader meets it. */
export function expectedValidation(ctx: Ctx): Ctx['expected'] {
  if (ctx.grantType !== 'authorization_code') return null;
  const byText: Record<string, CreateGrantErrorCode> = {
    '': 'MissingRedirectUris',
    [TOO_MANY_TEXT]: 'TooManyRedirectUris',
    [LONG_URI]: 'RedirectUriTooLong',
    [BAD_URI]: 'InvalidRedirectUri',
  };
  const code = byText[ctx.typed.redirectUris];
  return code ? texts[code] : null;
}

/** What the form shows after the server refused; a form without redirect URIs has no field to point at. */
export function expectedFailure(ctx: Ctx, error: unknown): Ctx['expected'] {
  if (error === SESSION_ENDED.error) return null;
  const { label, code } = createFailures.find((f) => f.error === error)!;
  const expected = typeof code === 'string' ? texts[code] : { text: requestProblemTexts[label], field: null };
  const field = expected.field === 'Redirect URIs' && ctx.grantType !== 'authorization_code' ? null : expected.field;
  return { ...expected, field };
}

/** GET credentials as the server answers it: the rows, and INPUT's limits and endpoints. */
export const overview = (clients: unknown[] = ROWS) =>
  HttpResponse.json({
    success: true,
    data: { clients: { array: clients }, limits: INPUT.limits, endpoints: INPUT.endpoints },
  });

export function toResponse(event: ModelEvent): Response {
  if (!('error' in event)) return HttpResponse.json({ success: true, data: CREATED });
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

/** The form as the reader left it, its hints and warnings, and the error of the last attempt with focus on it. */
export async function expectForm(ctx: Ctx, event: ModelEvent) {
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
  expect(warnings).toEqual(ctx.grantType === 'authorization_code' ? (URI_WARNINGS[ctx.typed.redirectUris] ?? []) : []);
  // A native app's URI is never on the portal's host: it is named for what it is, without a warning.
  const hints = inDialog()
    .queryAllByTestId('uri-native')
    .map((w) => w.textContent);
  expect(hints).toEqual(ctx.grantType === 'authorization_code' ? (NATIVE_HINTS[ctx.typed.redirectUris] ?? []) : []);
  if (!ctx.expected) expectNoAlert(dialog());
  else {
    const alert = inDialog().getByRole('alert');
    expect(alert).toHaveTextContent(ctx.expected.text);
    // Decision 0009: a failure (the form's own check or the server's) takes focus to its field, or to the message.
    if (event.type === 'form.submit' || event.type === 'xstate.error.actor.submitGrant') {
      const { field } = ctx.expected;
      await expectErrorFocus(alert, field ? inDialog().getByLabelText(field) : null);
    }
  }
  // Decision 0009: the form, once it appears, starts on its first field.
  if (event.type === 'type.choose') await waitFor(() => expect(document.activeElement).toBe(nameField()));
}

export async function expectDetails() {
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

/** The shown secret must survive Escape while it was not copied. */
export async function expectEscapeKeepsOpen() {
  await userEvent.keyboard('{Escape}');
  expect(dialog()).toBeInTheDocument();
}
