import { isSameRsaPublicKey, rsaPublicKeyProblem, webhookProblem } from '#shared-domain/alert-forwarding.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { refusedAs, sessionIsOver } from '../shared/failures.oracle.ts';
import type { AlertForwardingContext } from './alert-forwarding.machine.ts';

/**
 * The alert forwarding page by the product's rules, written by hand (product.md §2.3 "Alert forwarding", §4 "Alert
 * forwarding", §5 "Alert forwarding", docs/decisions/0005): codes 9 and 80 go to access denied, code 28 is the
 * not-configured view, any other load failure an error dialog over it; a set-up or an edit is sent only when valid
 * (and an edit only when it changes the stored value); Acquire New Keys, Clear Data and Stop V3 are confirmed first,
 * Stop V3 only while the account has a company id; the AES key is shown once; a 401 logs in again. The delivery log
 * (docs/api/alert-forwarding.md "Delivery log"): loaded when the configuration is shown, on Refresh, after an edit
 * and after the keys dialog (a setup or a new webhook queued a ping, which the log shows); Send test alert and
 * Redeliver (of a failed delivery only) reload it once queued, and a failure of either stays beside the log.
 */
const problemOf = ({ form, editing }: AlertForwardingContext) =>
  editing === 'url' ? webhookProblem(form.url) : rsaPublicKeyProblem(form.publicKey);

export const alertForwardingOracle = defineOracle<AlertForwardingContext>()({
  machine: 'alert-forwarding',
  events: [
    'setup.open',
    'field.edit',
    'form.change',
    'form.submit',
    'keys.renew',
    'data.clear',
    'v3.stop',
    'dialog.confirm',
    'dialog.close',
    'secret.copy',
    'discard.confirm',
    'discard.cancel',
    'xstate.done.actor.loadConfig',
    'xstate.error.actor.loadConfig',
    'xstate.done.actor.saveSetup',
    'xstate.error.actor.saveSetup',
    'xstate.done.actor.saveEdit',
    'xstate.error.actor.saveEdit',
    'xstate.done.actor.renewKeys',
    'xstate.error.actor.renewKeys',
    'xstate.done.actor.clearData',
    'xstate.error.actor.clearData',
    'xstate.done.actor.stopV3Alerts',
    'xstate.error.actor.stopV3Alerts',
    'log.refresh',
    'test.send',
    'delivery.redeliver',
    'xstate.done.actor.loadDeliveries',
    'xstate.error.actor.loadDeliveries',
    'xstate.done.actor.sendTestAlert',
    'xstate.error.actor.sendTestAlert',
    'xstate.done.actor.redeliver',
    'xstate.error.actor.redeliver',
  ],
  conditions: {
    'the session has ended (401)': sessionIsOver,
    'the reader may not see it (code 9 or 80)': refusedAs('NotOwner', 'AccessDenied'),
    'nothing is set up (code 28)': refusedAs('NoAlertConfig'),
    'the webhook or the key breaks its rule': ({ context }) =>
      (webhookProblem(context.form.url) ?? rsaPublicKeyProblem(context.form.publicKey)) !== null,
    'the edited field breaks its rule': ({ context }) => problemOf(context) !== null,
    // §5: saved only if different from the stored value, line breaks aside.
    'the edited field is unchanged': ({ context: { form, editing, config } }) =>
      config !== null &&
      (editing === 'url'
        ? form.url.trim() === config.url
        : isSameRsaPublicKey(form.publicKey, config.group_public_key)),
    'the account has a company id': ({ context }) => Boolean(context.config?.companyId),
    // Redeliver is for a delivery whose retries ended without a 2xx, as the log shows it.
    'the delivery named failed for good': ({ context, event }) =>
      (context.deliveries ?? []).some((d) => d.id === (event as { id?: string }).id && d.status === 'failed'),
  },
  states: {
    loading: {
      accepts: [
        { event: 'xstate.done.actor.loadConfig', to: 'configured' },
        { event: 'xstate.error.actor.loadConfig', when: 'the session has ended (401)', to: 'sessionEnded' },
        {
          event: 'xstate.error.actor.loadConfig',
          when: 'the reader may not see it (code 9 or 80)',
          to: 'accessDenied',
        },
        { event: 'xstate.error.actor.loadConfig', when: 'nothing is set up (code 28)', to: 'notConfigured' },
        { event: 'xstate.error.actor.loadConfig', when: 'otherwise', to: 'notConfigured.showError' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    accessDenied: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    notConfigured: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'notConfigured.idle': {
      accepts: [{ event: 'setup.open', to: 'notConfigured.settingUp' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'notConfigured.showError': {
      accepts: [{ event: 'dialog.close', to: 'notConfigured.idle' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'notConfigured.settingUp': {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'form.submit', when: 'the webhook or the key breaks its rule', to: 'notConfigured.settingUp' },
        { event: 'form.submit', when: 'otherwise', to: 'notConfigured.savingSetup' },
        { event: 'dialog.close', to: 'notConfigured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'notConfigured.savingSetup': {
      accepts: [
        { event: 'xstate.done.actor.saveSetup', to: 'configured.showKeys' },
        { event: 'xstate.error.actor.saveSetup', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.saveSetup', when: 'otherwise', to: 'notConfigured.settingUp' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    configured: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'configured.loadingLog': {
      accepts: [
        { event: 'xstate.done.actor.loadDeliveries', to: 'configured.idle' },
        { event: 'xstate.error.actor.loadDeliveries', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.loadDeliveries', when: 'otherwise', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.idle': {
      accepts: [
        { event: 'field.edit', to: 'configured.editing' },
        { event: 'keys.renew', to: 'configured.confirmRenew' },
        { event: 'data.clear', to: 'configured.confirmClear' },
        { event: 'v3.stop', when: 'the account has a company id', to: 'configured.confirmStopV3' },
        { event: 'log.refresh', to: 'configured.loadingLog' },
        { event: 'test.send', to: 'configured.sendingTest' },
        { event: 'delivery.redeliver', when: 'the delivery named failed for good', to: 'configured.redelivering' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.sendingTest': {
      accepts: [
        { event: 'xstate.done.actor.sendTestAlert', to: 'configured.loadingLog' },
        { event: 'xstate.error.actor.sendTestAlert', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.sendTestAlert', when: 'otherwise', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.redelivering': {
      accepts: [
        { event: 'xstate.done.actor.redeliver', to: 'configured.loadingLog' },
        { event: 'xstate.error.actor.redeliver', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.redeliver', when: 'otherwise', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.editing': {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'form.submit', when: 'the edited field breaks its rule', to: 'configured.editing' },
        { event: 'form.submit', when: 'the edited field is unchanged', to: 'configured.idle' },
        { event: 'form.submit', when: 'otherwise', to: 'configured.savingEdit' },
        { event: 'dialog.close', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.savingEdit': {
      accepts: [
        { event: 'xstate.done.actor.saveEdit', to: 'configured.loadingLog' },
        { event: 'xstate.error.actor.saveEdit', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.saveEdit', when: 'otherwise', to: 'configured.editing' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.confirmRenew': {
      accepts: [
        { event: 'dialog.confirm', to: 'configured.renewing' },
        { event: 'dialog.close', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.renewing': {
      accepts: [
        { event: 'xstate.done.actor.renewKeys', to: 'configured.showKeys' },
        { event: 'xstate.error.actor.renewKeys', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.renewKeys', when: 'otherwise', to: 'configured.confirmRenew' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.showKeys': { accepts: [], ignores: EVERY_OTHER_EVENT },
    'configured.showKeys.uncopied': {
      accepts: [
        { event: 'secret.copy', to: 'configured.showKeys.copied' },
        { event: 'dialog.close', to: 'configured.showKeys.confirmDiscard' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.showKeys.confirmDiscard': {
      accepts: [
        { event: 'secret.copy', to: 'configured.showKeys.copied' },
        { event: 'discard.confirm', to: 'configured.loadingLog' },
        { event: 'discard.cancel', to: 'configured.showKeys.uncopied' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.showKeys.copied': {
      accepts: [{ event: 'dialog.close', to: 'configured.loadingLog' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.confirmClear': {
      accepts: [
        { event: 'dialog.confirm', to: 'configured.clearing' },
        { event: 'dialog.close', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.clearing': {
      accepts: [
        { event: 'xstate.done.actor.clearData', to: 'notConfigured' },
        { event: 'xstate.error.actor.clearData', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.clearData', when: 'otherwise', to: 'configured.confirmClear' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.confirmStopV3': {
      accepts: [
        { event: 'dialog.confirm', to: 'configured.stoppingV3' },
        { event: 'dialog.close', to: 'configured.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'configured.stoppingV3': {
      accepts: [
        { event: 'xstate.done.actor.stopV3Alerts', to: 'configured.idle' },
        { event: 'xstate.error.actor.stopV3Alerts', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.stopV3Alerts', when: 'otherwise', to: 'configured.confirmStopV3' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
  },
});
