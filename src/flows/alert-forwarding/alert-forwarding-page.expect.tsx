/**
 * What the alert-forwarding page must show, written out by hand, and the checks the model test runs after each step
 * (alert-forwarding-page.test.tsx).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import type {
  AlertForwardingError,
  AlertForwardingFailure,
} from '#machines/alert-forwarding/alert-forwarding.errors.ts';
import type { AlertForwardingField } from '#machines/alert-forwarding/alert-forwarding.machine.ts';
import { BAD_KEY, BAD_URL, CLIENT_UID, NO_SESSION } from '#machines/alert-forwarding/alert-forwarding.model-cases.ts';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import type { AlertForwardingConfig, AlertForwardingKeys } from '#shared-domain/alert-forwarding.ts';
import type { ApiError } from '#shared-domain/api-error.ts';
import type { DeferredQueue, ModelEvent, ModelStep } from '#tests/support/model-harness.ts';
import { expectNoAlert, type TestRouter, waitFor } from '#tests/support/render.tsx';

/** What a reader must see, in English, written out by hand. */
export const texts: Record<AlertForwardingError, string> = {
  InvalidForwardAlertWebhook: 'The webhook must be an https:// address on a public host that accepts HTTP POST',
  InvalidRsaPublicKey: 'The key must be a 2048-bit RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)',
  NoAlertConfig: 'Alert forwarding is not set up for this credential',
  AlertForwardingAlreadyConfigured: 'Alert forwarding is already set up for this credential: reload the page to see it',
  CredentialNotFound: 'This credential does not exist, or belongs to another account',
  AlertDeliveryNotFailed: 'Only a failed delivery can be redelivered: this one is still being tried or was delivered',
  AlertDeliveryNotFound: 'This delivery is no longer in the log: refresh it',
  AnErrorOccured: 'An error occured, please try again later',
};
/** Refusals of the request itself, worded by the page from their code, by the failure's label. */
export const requestProblemTexts: Record<string, string> = {
  'set-up 429 (40 s)': 'Too many attempts. Try again in 0 min 40 s.',
  'set-up 400 url over its limit': 'Webhook URL: at most 4096 characters',
  'edit 400 url over its limit': 'Webhook URL: at most 4096 characters',
  'edit 400 key over its limit': 'RSA public key: at most 8192 characters',
  'renew 429 (20 s)': 'Too many attempts. Try again in 0 min 20 s.',
  'test 429 (30 s)': 'Too many attempts. Try again in 0 min 30 s.',
};
export const NOT_CONFIGURED =
  'Alert forwarding is not set up for this credential. Once it is, every alert is sent to your webhook, encrypted to your RSA public key and signed by us.';
export const KEYS_WARNING = 'Copy the AES key now and keep it secret: it will not be shown again.';
export const DISCARD_QUESTION = 'You have not copied the AES key. It will not be shown again. Close anyway?';
export const CONFIRM_TEXTS = {
  renew:
    'New portal keys and a new AES key replace the current ones at once: alerts are then sealed and signed only with the new keys, and the current keys stop working.',
  clear:
    'Delete the webhook and every key of this alert forwarding configuration permanently? Alerts stop being forwarded, and this cannot be undone.',
  stopV3:
    'Stop sending version 3 alerts to this account for good? Only version 4 alerts are sent afterwards, and this cannot be undone.',
};
export const PAGE = `/pages/alert-forwarding-config?client_uid=${CLIENT_UID}`;

export type Id =
  | 'loadConfig'
  | 'saveSetup'
  | 'saveEdit'
  | 'renewKeys'
  | 'clearData'
  | 'stopV3Alerts'
  | 'loadDeliveries'
  | 'sendTestAlert'
  | 'redeliver';

/** What the delivery log says after an action, written out by hand. */
export const LOG_TEXTS = {
  testQueued: 'Test alert queued: the log below shows how your webhook answers.',
  redeliveryQueued: 'Redelivery queued: the log below shows how your webhook answers.',
  load: 'The delivery log could not be loaded: ',
  test: 'The test alert could not be sent: ',
  redeliver: 'The delivery could not be sent again: ',
  ping: 'Last ping: HTTP 200 in 84 ms',
};

export interface Ctx {
  requests: DeferredQueue<Id>;
  config: AlertForwardingConfig | null;
  keys: AlertForwardingKeys | null;
  typed: { url: string; publicKey: string };
  editing: AlertForwardingField | null;
  error: string | null;
  /** The page's button that opened the dialog on show, where focus goes back when it closes (decision 0009). */
  opener: string | null;
  /** The delivery log the server last answered, and what the log's last action says (success, or failure). */
  deliveries: AlertDeliveryEntry[] | null;
  notice: string | null;
  problem: string | null;
  /** The log's button pressed last (Send test alert, Refresh, Redeliver): focus goes back to it after a success. */
  pressed: string | null;
  router: TestRouter;
}

export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
export const dialog = (name: string) => screen.findByRole('dialog', { name });
export const openDialog = () => within(screen.getByRole('dialog'));
export const button = (name: string) => screen.getByRole('button', { name });
export const processing = async (name: string) =>
  expect(await within(await dialog(name)).findByRole('button', { name: 'Processing' })).toBeDisabled();

export function expectedProblem(field: AlertForwardingField, value: string): string | null {
  if (field === 'url') return value === '' || value === BAD_URL ? texts.InvalidForwardAlertWebhook : null;
  return value === '' || value === BAD_KEY ? texts.InvalidRsaPublicKey : null;
}

export function toResponse(event: ModelEvent, success: unknown): Response {
  if (!('error' in event)) return HttpResponse.json(success as never);
  const error = event.error as ApiError;
  return error.status === 0 ? HttpResponse.error() : HttpResponse.json(error.body, { status: error.status });
}

export function failureText(
  step: ModelStep,
  list: Array<{ label: string; error: unknown; code: AlertForwardingFailure }>,
): string {
  const { label, code } = list.find((f) => f.error === (step.event as { error: unknown }).error)!;
  return typeof code === 'string' ? texts[code] : requestProblemTexts[label];
}

export async function expectDialogError(name: string, ctx: Ctx) {
  const open = await dialog(name);
  if (ctx.error) {
    const alert = within(open).getByRole('alert');
    expect(alert).toHaveTextContent(ctx.error);
    // Focus is on the field in error (marked and described by the message) or, about no field, on the message; the
    // dialog that only says the page could not load starts on its one button instead.
    const invalid = open.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) expect(invalid).toHaveAccessibleDescription(expect.stringContaining(ctx.error));
    if (name !== 'Alert forwarding could not be loaded') {
      await waitFor(() => expect(invalid ? [invalid, alert] : [alert]).toContain(document.activeElement));
    }
  } else expectNoAlert(open);
  return open;
}

/** Presses the page's button that opens a dialog, and remembers it: focus comes back to it. */
export function opensDialog(ctx: Ctx, name: string) {
  ctx.opener = name;
  return userEvent.click(button(name));
}

/** Decision 0009: a form, once it appears, starts on its first field (the one an edit dialog is about). */
export async function expectFirstField(step: ModelStep, label: 'Webhook URL' | 'RSA public key') {
  if (step.event.type !== 'setup.open' && step.event.type !== 'field.edit') return;
  await waitFor(() => expect(document.activeElement).toBe(openDialog().getByLabelText(label)));
}

/**
 * Decision 0009: once its dialog is gone, focus is back on the button that opened it, when the page still offers it
 * (set up, cleared or stopped, the page shows other buttons instead).
 */
export async function expectFocusBack(ctx: Ctx, step: ModelStep) {
  const { opener } = ctx;
  ctx.opener = null;
  if (!opener || !step.previous || !screen.queryByRole('button', { name: opener })) return;
  await waitFor(() => expect(document.activeElement).toBe(button(opener)));
}

export async function expectConfigured(ctx: Ctx) {
  const config = ctx.config!;
  await waitFor(() => expect(screen.getByTestId('webhook-url')).toHaveTextContent(config.url));
  expect(screen.getByTestId('group-public-key')).toHaveTextContent(oneLine(config.group_public_key));
  // The portal's key verifies every alert: shown at any time, not only once.
  expect(screen.getByTestId('configured-portal-public-key')).toHaveTextContent(oneLine(config.portal_public_key));
  expect(screen.getByTestId('credential-name')).toHaveTextContent(config.name);
  expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/pages/credentials');
  expect(screen.getByRole('link', { name: 'Download the decryption example' })).toHaveAttribute(
    'download',
    'alert-forwarding-decrypt.mjs',
  );
  // product.md §2: Stop Sending V3 Alerts only while there is a company id.
  expect(screen.queryByRole('button', { name: 'Stop Sending V3 Alerts' }) !== null).toBe(Boolean(config.companyId));
}

/** The page's files for download are Blob URLs; jsdom has none, so they are recorded here. */

/** A 401 answers nothing the dialog could show: the page goes to log in again. */
export const unlessSessionEnded = (step: ModelStep, text: () => string) =>
  (step.event as { error?: unknown }).error === NO_SESSION ? null : text();

export async function setField(field: AlertForwardingField, value: string) {
  const input = openDialog().getByLabelText(field === 'url' ? 'Webhook URL' : 'RSA public key');
  // One change event: the model's step is the final value, and typing a 450-character key would take seconds.
  fireEvent.change(input, { target: { value } });
  await waitFor(() => expect(input).toHaveValue(value));
}

export async function expectKeys(ctx: Ctx) {
  const open = await dialog('Alert forwarding keys');
  const keys = ctx.keys!;
  expect(within(open).getByTestId('aes-key')).toHaveTextContent(keys.aes_key);
  expect(within(open).getByTestId('portal-public-key')).toHaveTextContent(oneLine(keys.portal_public_key));
  expect(JSON.parse(within(open).getByTestId('example-alert').textContent!)).toEqual(keys.example);
  expect(within(open).getByRole('note')).toHaveTextContent(KEYS_WARNING);
  // The page behind already shows the configuration the answer names, with the portal key it now signs with.
  expect(screen.getByTestId('webhook-url')).toHaveTextContent(keys.config.url);
  expect(screen.getByTestId('configured-portal-public-key')).toHaveTextContent(oneLine(keys.portal_public_key));
  return open;
}

/** An AES key not yet copied survives Escape and a click outside the dialog. */
export async function expectKeysStayOpen(open: HTMLElement) {
  await userEvent.keyboard('{Escape}');
  const overlay = document.querySelector('.mantine-Modal-overlay');
  if (overlay) await userEvent.click(overlay);
  expect(screen.getByRole('dialog', { name: 'Alert forwarding keys' })).toBe(open);
}

export const deliveryLog = () => within(screen.getByTestId('delivery-log'));

/**
 * The delivery log as the server answered it: one row per delivery, newest first, its state in words, Redeliver on
 * the failed one only; the newest ping's answer above it; what the last action said; focus on a failure's message,
 * or back on the button pressed after a success.
 */
export async function expectDeliveryLog(ctx: Ctx) {
  const log = within(await screen.findByTestId('delivery-log'));
  await waitFor(() => expect(log.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  expect(log.getByRole('button', { name: 'Send test alert' })).toBeEnabled();
  if (ctx.deliveries) {
    expect(log.getAllByTestId(/^delivery-d-/).map((r) => r.dataset.testid)).toEqual(
      ctx.deliveries.map((d) => `delivery-${d.id}`),
    );
    const states: Record<string, string> = { 'd-retrying': 'Retrying', 'd-failed': 'Failed', 'd-ping': 'Delivered' };
    for (const d of ctx.deliveries) {
      const row = within(log.getByTestId(`delivery-${d.id}`));
      expect(row.getAllByRole('cell')[6]).toHaveTextContent(states[d.id]);
      expect(row.queryByRole('button', { name: 'Redeliver' }) !== null).toBe(d.status === 'failed');
    }
    const failed = within(log.getByTestId('delivery-d-failed'));
    expect(failed.getAllByRole('cell')[3]).toHaveTextContent('HTTP 410');
    expect(failed.getAllByRole('cell')[2]).toHaveTextContent('3');
    // Why, in the reader's words, then the server's detail as its logs say it.
    expect(within(log.getByTestId('delivery-d-retrying')).getAllByRole('cell')[3]).toHaveTextContent(
      /^Could not connect to the webhook \(connection refused\)$/,
    );
    expect(log.getByTestId('ping-status')).toHaveTextContent(LOG_TEXTS.ping);
  } else expect(log.queryByRole('table')).toBeNull();
  if (ctx.notice) expect(log.getByRole('status')).toHaveTextContent(ctx.notice);
  else expect(log.queryByRole('status')).toBeNull();
  if (ctx.problem) {
    const alert = log.getByRole('alert');
    expect(alert).toHaveTextContent(ctx.problem);
    await waitFor(() => expect(alert).toHaveFocus());
  } else expect(log.queryByRole('alert')).toBeNull();
  const { pressed } = ctx;
  ctx.pressed = null;
  if (pressed && !ctx.problem) await waitFor(() => expect(log.getByRole('button', { name: pressed })).toHaveFocus());
}

/** A log action on its way: its button says Processing, and nothing of the log's last answer is on show. */
export async function expectLogBusy(ctx: Ctx, id: Id) {
  await waitFor(() => expect(ctx.requests.pending(id)).toBe(1));
  const log = within(await screen.findByTestId('delivery-log'));
  expect(await log.findByRole('button', { name: 'Processing' })).toBeDisabled();
  expect(log.queryByRole('alert')).toBeNull();
}
