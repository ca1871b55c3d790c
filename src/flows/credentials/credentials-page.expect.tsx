/**
 * What the credentials page must show, written out by hand, and the checks the model test runs after each step
 * (credentials-page.test.tsx).
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import { CREATED } from '#machines/create-grant/create-grant.model-cases.ts';
import {
  failureCode,
  NEW_SECRET,
  OVERVIEW,
  ROW_A,
  SESSION_ENDED,
} from '#machines/credentials/credentials.model-cases.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { Credential } from '#shared-domain/credentials.ts';
import { apiErrorBody } from '#shared-domain/error-body.ts';
import type { DeferredQueue, ModelEvent, ModelStep } from '#tests/support/model-harness.ts';
import { expectNoAlert, type TestRouter, urlOf, waitFor } from '#tests/support/render.tsx';

/** What a reader must see, in English, written out by hand. */
export const NOT_OWNER = 'Only the account owner can access this page';
export const ACCESS_DENIED = 'Access Denied';
export const AUTH_ERROR = 'Authentication Error Occured';
const GENERIC = 'An error occured, please try again later';
const actionTexts = {
  CredentialNotFound: 'This credential does not exist, or belongs to another account',
  AnErrorOccured: GENERIC,
} as const;
export const DISCARD_QUESTION = 'You have not copied the secret. It will not be shown again. Close anyway?';
export const PAGE = '/pages/credentials';
/** Where a reader without a session goes: to log in, and back here after. */
export const TO_LOGIN = `/pages/login?return_to=${encodeURIComponent(PAGE)}`;

export type Id = 'loadCredentials' | 'changeSecret' | 'deleteCredential' | 'endSession';

export interface Ctx {
  requests: DeferredQueue<Id>;
  /** What the server holds, and what the page must show. */
  rows: Credential[];
  actionError: string | null;
  created: unknown[];
  /** What POST client_grant answers next. */
  createAnswer: () => Response;
  /** The page's control that opened the dialog on show, where focus goes back when it closes (decision 0009). */
  opener: (() => HTMLElement | null) | null;
  router: TestRouter;
}

/** GET credentials as the server answers it: the rows, beside the limits and endpoints. */
export const overview = (clients: Credential[]) => ({
  success: true,
  data: { ...OVERVIEW, clients: { array: clients } },
});

export function toResponse(event: ModelEvent, success: unknown): Response {
  if (!('error' in event)) return HttpResponse.json(success as never);
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

export const dialog = (name: string) => screen.findByRole('dialog', { name });
export const row = (c: Credential) => within(screen.getByTestId(`credential-${c.id}`));
export const refreshButton = () => screen.getByRole('button', { name: 'Refresh' });

export async function expectRows(ctx: Ctx) {
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
    // The webhook's health: when it last took a delivery, and how many attempts failed since.
    if (c === ROW_A) expect(cells[3]).toHaveTextContent('Not set up');
    else {
      expect(cells[3]).toHaveTextContent('Last success: Nov 21, 2026');
      expect(cells[3]).toHaveTextContent('3 failures in a row');
    }
    expect(cells[5]).toHaveTextContent(c === ROW_A ? '—' : 'https://care.example/cbhttps://care.example/other');
    expect(cells[6]).toHaveTextContent(c === ROW_A ? 'Never' : 'Nov 22, 2026');
  }
}

export async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

export function actionText(event: ModelEvent): string | null {
  const code = failureCode(event as { error?: unknown });
  return code === SESSION_ENDED ? null : actionTexts[code as keyof typeof actionTexts];
}

/** The credential's scopes and this portal's endpoints, each with its copy button. */
export function expectScopeAndEndpoints(open: HTMLElement) {
  expect(within(open).getByTestId('client-scope')).toHaveTextContent(ROW_A.scope);
  expect(within(open).getByTestId('authorization-endpoint')).toHaveTextContent(
    OVERVIEW.endpoints.authorization_endpoint,
  );
  expect(within(open).getByTestId('token-endpoint')).toHaveTextContent(OVERVIEW.endpoints.token_endpoint);
  for (const name of ['Copy scopes', 'Copy authorization endpoint', 'Copy token endpoint']) {
    expect(within(open).getByRole('button', { name })).toBeEnabled();
  }
}

export async function expectNewSecret() {
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
export async function expectStaysOpen(open: HTMLElement) {
  await userEvent.keyboard('{Escape}');
  const overlay = document.querySelector('.mantine-Modal-overlay');
  if (overlay) await userEvent.click(overlay);
  expect(open).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'OAuth information' })).toBe(open);
}

/** Presses a control of the page that opens a dialog, and remembers how to find it again (the list may redraw it). */
export function opensDialog(ctx: Ctx, control: () => HTMLElement | null) {
  ctx.opener = control;
  return userEvent.click(control()!);
}

/**
 * Decision 0009: once a dialog is gone, focus is back on the control that opened it, when the page still shows it
 * (a deleted grant's row is gone with its buttons).
 */
export async function expectFocusBack(ctx: Ctx, step: ModelStep) {
  const { opener } = ctx;
  ctx.opener = null;
  if (!opener || !step.previous || !opener()) return;
  await waitFor(() => expect(document.activeElement).toBe(opener()));
}

/** A confirmation as the reader meets it: no error of an earlier attempt, or this attempt's failure, focused. */
export async function expectConfirmError(open: HTMLElement, ctx: Ctx) {
  if (!ctx.actionError) return expectNoAlert(open);
  const alert = within(open).getByRole('alert');
  expect(alert).toHaveTextContent(ctx.actionError);
  // Decision 0009: a confirmation whose call failed focuses its message.
  await waitFor(() => expect(document.activeElement).toBe(alert));
}

/** The list with nothing on top of it, at the page's own address. */
export async function expectIdleList(ctx: Ctx) {
  await expectNoDialog();
  expect(urlOf(ctx.router)).toBe(PAGE);
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
}

/**
 * The dialog's outcome through its real form: cancel it, make a client_credentials grant and close its details
 * without copying (confirmed), or meet a 401 on Create.
 */
export async function createGrantThrough(step: ModelStep, ctx: Ctx) {
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
}
