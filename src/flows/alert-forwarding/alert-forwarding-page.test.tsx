import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AlertForwardingField,
  alertForwardingMachine,
} from '#machines/alert-forwarding/alert-forwarding.machine.ts';
import {
  alertForwardingEvents,
  CLIENT_UID,
  CONFIG,
  clearFailure,
  describeAlertForwardingEvent,
  editFailures,
  editTooLong,
  FAILED,
  loadFailures,
  logFailure,
  redeliverFailures,
  renewFailures,
  serializeAlertForwarding,
  setupFailures,
  stopFailure,
  testFailures,
} from '#machines/alert-forwarding/alert-forwarding.model-cases.ts';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import type { AlertForwardingConfig, AlertForwardingKeys } from '#shared-domain/alert-forwarding.ts';
import { createDeferredQueue, describeModel } from '#tests/support/model-harness.ts';
import { setupMswServer } from '#tests/support/msw.ts';
import { expectLanded, landing, renderRoutes, setSessionClaims, urlOf, waitFor } from '#tests/support/render.tsx';
import { withViewChecks } from '#tests/support/view-model.ts';
import {
  button,
  CONFIRM_TEXTS,
  type Ctx,
  DISCARD_QUESTION,
  deliveryLog,
  dialog,
  expectConfigured,
  expectDeliveryLog,
  expectDialogError,
  expectedProblem,
  expectFirstField,
  expectFocusBack,
  expectKeys,
  expectKeysStayOpen,
  expectLogBusy,
  failureText,
  LOG_TEXTS,
  NOT_CONFIGURED,
  openDialog,
  opensDialog,
  PAGE,
  processing,
  setField,
  texts,
  toResponse,
  unlessSessionEnded,
} from './alert-forwarding-page.expect.tsx';
import { AlertForwardingPage } from './alert-forwarding-page.tsx';

const server = setupMswServer();
const blobs: Blob[] = [];
beforeEach(() => {
  blobs.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

function render() {
  setSessionClaims({ apiAccess: true, isGroupOwner: true });
  const routes = [
    { path: '/pages/alert-forwarding-config', element: <AlertForwardingPage /> },
    landing('/pages/access-denied'),
    landing('/pages/login'),
  ];
  return renderRoutes(routes, PAGE);
}

describeModel<typeof alertForwardingMachine, Ctx>(
  alertForwardingMachine,
  withViewChecks({
    name: 'alert forwarding page through the view',
    input: { clientUid: CLIENT_UID },
    events: alertForwardingEvents as never,
    describeEvent: describeAlertForwardingEvent,
    serialize: serializeAlertForwarding,
    setup: (): Ctx => {
      const typed = { url: '', publicKey: '' };
      const ctx = {
        requests: createDeferredQueue(),
        config: null,
        keys: null,
        typed,
        editing: null,
        error: null,
        opener: null,
        deliveries: null,
        notice: null,
        problem: null,
        pressed: null,
      } as unknown as Ctx;
      const path = '/api/alert_forwarding_config/:uid';
      server.use(
        http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
        http.get(path, async ({ params }) => (await ctx.requests.take('loadConfig', params.uid)) as Response),
        http.post(
          path,
          async ({ params, request }) =>
            (await ctx.requests.take('saveSetup', { uid: params.uid, body: await request.json() })) as Response,
        ),
        http.put(path, async ({ params, request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          return (await ctx.requests.take(body.overwrite_portal_keys ? 'renewKeys' : 'saveEdit', {
            uid: params.uid,
            body,
          })) as Response;
        }),
        http.delete(path, async ({ params }) => (await ctx.requests.take('clearData', params.uid)) as Response),
        http.put(
          '/api/alert_forwarding_config',
          async ({ request }) => (await ctx.requests.take('stopV3Alerts', await request.json())) as Response,
        ),
        http.get(
          `${path}/deliveries`,
          async ({ params }) => (await ctx.requests.take('loadDeliveries', params.uid)) as Response,
        ),
        http.post(
          `${path}/test_alert`,
          async ({ params, request }) =>
            (await ctx.requests.take('sendTestAlert', { uid: params.uid, body: await request.json() })) as Response,
        ),
        http.post(
          `${path}/deliveries/:id/redeliver`,
          async ({ params, request }) =>
            (await ctx.requests.take('redeliver', {
              uid: params.uid,
              id: params.id,
              body: await request.json(),
            })) as Response,
        ),
      );
      ctx.router = render().router;
      return ctx;
    },
    exec: {
      'setup.open': async (_step, ctx) => {
        ctx.typed = { url: '', publicKey: '' };
        ctx.error = null;
        ctx.opener = 'Set Up Alert Forwarding';
        await userEvent.click(button(ctx.opener));
      },
      'field.edit': async (step, ctx) => {
        const field = (step.event as unknown as { field: AlertForwardingField }).field;
        ctx.editing = field;
        ctx.error = null;
        ctx.typed = { url: ctx.config!.url, publicKey: ctx.config!.group_public_key };
        ctx.opener = field === 'url' ? 'Edit webhook URL' : 'Edit RSA public key';
        await userEvent.click(button(ctx.opener));
      },
      'form.change': async (step, ctx) => {
        const { field, value } = step.event as unknown as { field: AlertForwardingField; value: string };
        ctx.typed[field] = value;
        await setField(field, value);
      },
      'form.submit': async (step, ctx) => {
        const settingUp = step.previous!.matches({ notConfigured: 'settingUp' });
        ctx.error = settingUp
          ? (expectedProblem('url', ctx.typed.url) ?? expectedProblem('publicKey', ctx.typed.publicKey))
          : expectedProblem(ctx.editing!, ctx.typed[ctx.editing!]);
        // Enter in the single-line URL field submits, as a keyboard user would; the key's textarea takes Save.
        const viaEnter = settingUp || ctx.editing === 'url';
        if (step.snapshot.matches({ configured: 'idle' })) ctx.editing = null;
        if (viaEnter) await userEvent.type(openDialog().getByLabelText('Webhook URL'), '{Enter}');
        else await userEvent.click(openDialog().getByRole('button', { name: 'Save' }));
      },
      'keys.renew': (_step, ctx) => opensDialog(ctx, 'Acquire New Keys'),
      'data.clear': (_step, ctx) => opensDialog(ctx, 'Clear Data'),
      'v3.stop': (_step, ctx) => opensDialog(ctx, 'Stop Sending V3 Alerts'),
      'dialog.confirm': async (step, ctx) => {
        ctx.error = null;
        const label = step.previous!.matches({ configured: 'confirmRenew' })
          ? 'Acquire New Keys'
          : step.previous!.matches({ configured: 'confirmClear' })
            ? 'Clear Data'
            : 'Stop Sending V3 Alerts';
        await userEvent.click(openDialog().getByRole('button', { name: label }));
      },
      'dialog.close': async (step, ctx) => {
        // Keys not yet copied stay on show: closing only asks.
        if (!step.previous!.matches({ configured: { showKeys: 'uncopied' } })) {
          ctx.error = null;
          ctx.editing = null;
          ctx.keys = null;
        }
        await userEvent.click(openDialog().getByRole('button', { name: /^(Close|Cancel)$/ }));
      },
      'secret.copy': async (_step, ctx) => {
        // setup() gives the page a clipboard; only a copy that reached it counts.
        await userEvent.setup().click(openDialog().getByRole('button', { name: 'Copy the AES key' }));
        expect(await navigator.clipboard.readText()).toBe(ctx.keys!.aes_key);
      },
      'discard.confirm': async (_step, ctx) => {
        ctx.keys = null;
        await userEvent.click(openDialog().getByRole('button', { name: 'Close anyway' }));
      },
      'discard.cancel': () => userEvent.click(openDialog().getByRole('button', { name: 'Keep open' })),
      'xstate.done.actor.loadConfig': (step, ctx) => {
        ctx.config = (step.event as { output: AlertForwardingConfig }).output;
        ctx.requests.resolve('loadConfig', toResponse(step.event, { success: true, data: ctx.config }));
      },
      'xstate.error.actor.loadConfig': (step, ctx) => {
        const outcome = loadFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.outcome;
        ctx.error =
          outcome === 'accessDenied' || outcome === 'notConfigured' || outcome === 'sessionEnded'
            ? null
            : texts[outcome];
        ctx.requests.resolve('loadConfig', toResponse(step.event, null));
      },
      'xstate.done.actor.saveSetup': (step, ctx) => {
        ctx.keys = (step.event as { output: AlertForwardingKeys }).output;
        ctx.config = ctx.keys.config;
        ctx.requests.resolve('saveSetup', toResponse(step.event, { success: true, data: ctx.keys }));
      },
      'xstate.error.actor.saveSetup': (step, ctx) => {
        ctx.error = unlessSessionEnded(step, () => failureText(step, setupFailures));
        ctx.requests.resolve('saveSetup', toResponse(step.event, null));
      },
      'xstate.done.actor.saveEdit': (step, ctx) => {
        const output = (step.event as { output: { changed: boolean; config: AlertForwardingConfig } }).output;
        ctx.config = output.config;
        ctx.editing = null;
        ctx.requests.resolve('saveEdit', toResponse(step.event, { success: true, data: output }));
      },
      'xstate.error.actor.saveEdit': (step, ctx) => {
        ctx.error = unlessSessionEnded(step, () => failureText(step, [...editFailures, ...Object.values(editTooLong)]));
        ctx.requests.resolve('saveEdit', toResponse(step.event, null));
      },
      'xstate.done.actor.renewKeys': (step, ctx) => {
        ctx.keys = (step.event as { output: AlertForwardingKeys }).output;
        ctx.config = ctx.keys.config;
        ctx.requests.resolve('renewKeys', toResponse(step.event, { success: true, data: ctx.keys }));
      },
      'xstate.error.actor.renewKeys': (step, ctx) => {
        ctx.error = unlessSessionEnded(step, () => failureText(step, renewFailures));
        ctx.requests.resolve('renewKeys', toResponse(step.event, null));
      },
      'xstate.done.actor.clearData': (step, ctx) => {
        ctx.config = null;
        ctx.requests.resolve('clearData', toResponse(step.event, { success: true }));
      },
      'xstate.error.actor.clearData': (step, ctx) => {
        ctx.error = unlessSessionEnded(step, () => texts[clearFailure.code]);
        ctx.requests.resolve('clearData', toResponse(step.event, null));
      },
      'xstate.done.actor.stopV3Alerts': (step, ctx) => {
        ctx.config = { ...ctx.config!, companyId: null };
        ctx.requests.resolve('stopV3Alerts', toResponse(step.event, { success: true }));
      },
      'xstate.error.actor.stopV3Alerts': (step, ctx) => {
        ctx.error = unlessSessionEnded(step, () => texts[stopFailure.code]);
        ctx.requests.resolve('stopV3Alerts', toResponse(step.event, null));
      },
      'log.refresh': async (_step, ctx) => {
        ctx.notice = null;
        ctx.problem = null;
        ctx.pressed = 'Refresh';
        await userEvent.click(deliveryLog().getByRole('button', { name: 'Refresh' }));
      },
      'test.send': async (_step, ctx) => {
        ctx.notice = null;
        ctx.problem = null;
        ctx.pressed = 'Send test alert';
        await userEvent.click(deliveryLog().getByRole('button', { name: 'Send test alert' }));
      },
      'delivery.redeliver': async (_step, ctx) => {
        ctx.notice = null;
        ctx.problem = null;
        ctx.pressed = 'Redeliver';
        const row = within(deliveryLog().getByTestId(`delivery-${FAILED.id}`));
        await userEvent.click(row.getByRole('button', { name: 'Redeliver' }));
      },
      'xstate.done.actor.loadDeliveries': (step, ctx) => {
        ctx.deliveries = (step.event as { output: AlertDeliveryEntry[] }).output;
        const data = { deliveries: ctx.deliveries };
        ctx.requests.resolve('loadDeliveries', toResponse(step.event, { success: true, data }));
      },
      'xstate.error.actor.loadDeliveries': (step, ctx) => {
        ctx.problem = unlessSessionEnded(step, () => LOG_TEXTS.load + texts[logFailure.code]);
        ctx.requests.resolve('loadDeliveries', toResponse(step.event, null));
      },
      'xstate.done.actor.sendTestAlert': (step, ctx) => {
        ctx.notice = LOG_TEXTS.testQueued;
        const data = (step.event as { output: AlertDeliveryEntry }).output;
        ctx.requests.resolve('sendTestAlert', toResponse(step.event, { success: true, data }));
      },
      'xstate.error.actor.sendTestAlert': (step, ctx) => {
        ctx.problem = unlessSessionEnded(step, () => LOG_TEXTS.test + failureText(step, testFailures));
        ctx.requests.resolve('sendTestAlert', toResponse(step.event, null));
      },
      'xstate.done.actor.redeliver': (step, ctx) => {
        ctx.notice = LOG_TEXTS.redeliveryQueued;
        const data = (step.event as { output: AlertDeliveryEntry }).output;
        ctx.requests.resolve('redeliver', toResponse(step.event, { success: true, data }));
      },
      'xstate.error.actor.redeliver': (step, ctx) => {
        ctx.problem = unlessSessionEnded(step, () => LOG_TEXTS.redeliver + failureText(step, redeliverFailures));
        ctx.requests.resolve('redeliver', toResponse(step.event, null));
      },
    },
    states: {
      loading: async (_snapshot, ctx) => {
        expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
        await waitFor(() => expect(ctx.requests.pending('loadConfig')).toBe(1));
        expect(ctx.requests.lastInput('loadConfig')).toBe(CLIENT_UID);
      },
      accessDenied: (_snapshot, ctx) => expectLanded(ctx.router, '/pages/access-denied'),
      sessionEnded: async (_snapshot, ctx) => {
        // Back to this very credential's page once signed in again.
        await expectLanded(ctx.router, `/pages/login?return_to=${encodeURIComponent(PAGE)}`);
      },
      'notConfigured.idle': async (_snapshot, ctx, step) => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await expectFocusBack(ctx, step);
        expect(urlOf(ctx.router)).toBe(PAGE);
        expect(await screen.findByTestId('not-configured')).toHaveTextContent(NOT_CONFIGURED);
        expect(button('Set Up Alert Forwarding')).toBeEnabled();
        expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/pages/credentials');
        expect(screen.queryByTestId('webhook-url')).toBeNull();
      },
      'notConfigured.showError': async (_snapshot, ctx) => {
        const open = await expectDialogError('Alert forwarding could not be loaded', ctx);
        expect(within(open).getByRole('button', { name: 'Close' })).toBeEnabled();
        expect(screen.getByTestId('not-configured')).toBeInTheDocument();
      },
      'notConfigured.settingUp': async (_snapshot, ctx, step) => {
        const open = await expectDialogError('Set Up Alert Forwarding', ctx);
        await expectFirstField(step, 'Webhook URL');
        await waitFor(() => expect(within(open).getByRole('button', { name: 'Save' })).toBeEnabled());
        expect(within(open).getByLabelText('Webhook URL')).toHaveValue(ctx.typed.url);
        expect(within(open).getByLabelText('RSA public key')).toHaveValue(ctx.typed.publicKey);
        expect(within(open).getByTestId('keygen-commands')).toHaveTextContent(
          'openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
        );
        expect(
          within(open).getByRole('link', { name: 'RSA key generator: the openssl genpkey manual' }),
        ).toHaveAttribute('href', 'https://docs.openssl.org/master/man1/openssl-genpkey/');
      },
      'notConfigured.savingSetup': async (_snapshot, ctx) => {
        await processing('Set Up Alert Forwarding');
        expect(within(await dialog('Set Up Alert Forwarding')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
        await waitFor(() => expect(ctx.requests.pending('saveSetup')).toBe(1));
        expect(ctx.requests.lastInput('saveSetup')).toEqual({
          uid: CLIENT_UID,
          body: { url: ctx.typed.url, public_rsa_key: ctx.typed.publicKey.trim() },
        });
      },
      'configured.idle': async (_snapshot, ctx, step) => {
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await expectConfigured(ctx);
        await expectFocusBack(ctx, step);
        expect(urlOf(ctx.router)).toBe(PAGE);
        for (const name of ['Acquire New Keys', 'Clear Data', 'Edit webhook URL', 'Edit RSA public key'])
          expect(button(name)).toBeEnabled();
        await expectDeliveryLog(ctx);
      },
      'configured.loadingLog': async (_snapshot, ctx) => {
        await expectLogBusy(ctx, 'loadDeliveries');
        expect(ctx.requests.lastInput('loadDeliveries')).toBe(CLIENT_UID);
        // While the log loads, nothing else starts: the page's buttons wait for it.
        await waitFor(() => expect(button('Acquire New Keys')).toBeDisabled());
      },
      'configured.sendingTest': async (_snapshot, ctx) => {
        await expectLogBusy(ctx, 'sendTestAlert');
        expect(ctx.requests.lastInput('sendTestAlert')).toEqual({ uid: CLIENT_UID, body: {} });
        expect(deliveryLog().getByRole('button', { name: 'Refresh' })).toBeDisabled();
      },
      'configured.redelivering': async (_snapshot, ctx) => {
        await expectLogBusy(ctx, 'redeliver');
        expect(ctx.requests.lastInput('redeliver')).toEqual({ uid: CLIENT_UID, id: FAILED.id, body: {} });
      },
      'configured.editing': async (_snapshot, ctx, step) => {
        const isUrl = ctx.editing === 'url';
        const open = await expectDialogError(isUrl ? 'Edit webhook URL' : 'Edit RSA public key', ctx);
        await expectFirstField(step, isUrl ? 'Webhook URL' : 'RSA public key');
        expect(within(open).getByLabelText(isUrl ? 'Webhook URL' : 'RSA public key')).toHaveValue(
          ctx.typed[ctx.editing!],
        );
        expect(within(open).queryByLabelText(isUrl ? 'RSA public key' : 'Webhook URL')).toBeNull();
      },
      'configured.savingEdit': async (_snapshot, ctx) => {
        await processing(ctx.editing === 'url' ? 'Edit webhook URL' : 'Edit RSA public key');
        await waitFor(() => expect(ctx.requests.pending('saveEdit')).toBe(1));
        const body = ctx.editing === 'url' ? { url: ctx.typed.url } : { public_rsa_key: ctx.typed.publicKey.trim() };
        expect(ctx.requests.lastInput('saveEdit')).toEqual({ uid: CLIENT_UID, body });
      },
      'configured.confirmRenew': async (_snapshot, ctx) => {
        expect(await expectDialogError('Acquire new keys', ctx)).toHaveTextContent(CONFIRM_TEXTS.renew);
      },
      'configured.renewing': async (_snapshot, ctx) => {
        await processing('Acquire new keys');
        await waitFor(() => expect(ctx.requests.pending('renewKeys')).toBe(1));
        expect(ctx.requests.lastInput('renewKeys')).toEqual({ uid: CLIENT_UID, body: { overwrite_portal_keys: true } });
      },
      'configured.showKeys.uncopied': async (_snapshot, ctx) => {
        const open = await expectKeys(ctx);
        expect(within(open).queryByTestId('discard-question')).toBeNull();
        await expectKeysStayOpen(open);
      },
      'configured.showKeys.confirmDiscard': async (_snapshot, ctx) => {
        const open = await expectKeys(ctx);
        expect(await within(open).findByTestId('discard-question')).toHaveTextContent(DISCARD_QUESTION);
        expect(within(open).getByRole('button', { name: 'Keep open' })).toHaveFocus();
        await expectKeysStayOpen(open);
      },
      'configured.showKeys.copied': async (_snapshot, ctx) => {
        const open = await expectKeys(ctx);
        await waitFor(() => expect(within(open).queryByTestId('discard-question')).toBeNull());
        expect(within(open).getByRole('button', { name: 'Close' })).toBeEnabled();
      },
      'configured.confirmClear': async (_snapshot, ctx) => {
        expect(await expectDialogError('Clear data', ctx)).toHaveTextContent(CONFIRM_TEXTS.clear);
        await expectConfigured(ctx);
      },
      'configured.clearing': async (_snapshot, ctx) => {
        await processing('Clear data');
        await waitFor(() => expect(ctx.requests.pending('clearData')).toBe(1));
        expect(ctx.requests.lastInput('clearData')).toBe(CLIENT_UID);
      },
      'configured.confirmStopV3': async (_snapshot, ctx) => {
        expect(await expectDialogError('Stop sending V3 alerts', ctx)).toHaveTextContent(CONFIRM_TEXTS.stopV3);
      },
      'configured.stoppingV3': async (_snapshot, ctx) => {
        await processing('Stop sending V3 alerts');
        await waitFor(() => expect(ctx.requests.pending('stopV3Alerts')).toBe(1));
        expect(ctx.requests.lastInput('stopV3Alerts')).toEqual({ remove_company_id: true });
      },
    },
  }),
);

describe('alert forwarding page', () => {
  it('copies the webhook, both public keys, and offers the documentation and the working decryption example', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ success: true, data: {} })),
      http.get('/api/alert_forwarding_config/:uid', () => HttpResponse.json({ success: true, data: CONFIG })),
      http.get('/api/alert_forwarding_config/:uid/deliveries', () =>
        HttpResponse.json({ success: true, data: { deliveries: [] } }),
      ),
    );
    render();
    await screen.findByTestId('webhook-url');
    await user.click(button('Copy webhook URL'));
    expect(await navigator.clipboard.readText()).toBe(CONFIG.url);
    await user.click(button('Copy RSA public key'));
    expect(await navigator.clipboard.readText()).toBe(CONFIG.group_public_key);
    await user.click(button('Copy the portal RSA public key'));
    expect(await navigator.clipboard.readText()).toBe(CONFIG.portal_public_key);

    const docs = screen.getByRole('link', { name: 'Alert forwarding documentation' });
    const example = screen.getByRole('link', { name: 'Download the decryption example' });
    const blobOf = (href: string | null) => blobs[Number(href!.split('/').pop()) - 1];
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('href', '/pages/docs/alert-forwarding');
    expect(await blobOf(example.getAttribute('href')).text()).toContain('export function decryptAlert(');
  });
});
