import { assign, fromPromise, setup } from 'xstate';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import {
  type AlertForwardingConfig,
  type AlertForwardingEditPayload,
  type AlertForwardingEditResult,
  type AlertForwardingKeys,
  type AlertForwardingSetupPayload,
  isSameRsaPublicKey,
  rsaPublicKeyProblem,
  webhookProblem,
} from '#shared-domain/alert-forwarding.ts';
import { type Failure, failure, output } from '../shared/actor-result.ts';
import { type ConfirmEvent, confirmThenAct } from '../shared/confirm-then-act.ts';
import { isSessionEnded, sessionEnded } from '../shared/session-ended.ts';
import { type ShowOnceEvent, showOnceStates } from '../shared/show-once.ts';
import {
  type AlertForwardingFailure,
  alertForwardingFailureFrom,
  isAccessDeniedFailure,
  isNotConfiguredFailure,
} from './alert-forwarding.errors.ts';

export type AlertForwardingField = 'url' | 'publicKey';

/** What the page did to the delivery log last: a test alert or a redelivery queued. */
export type DeliveryNotice = 'testQueued' | 'redeliveryQueued';

/** A delivery-log call that failed: which one, and why. */
export interface DeliveryProblem {
  action: 'load' | 'test' | 'redeliver';
  failure: AlertForwardingFailure;
}

export interface AlertForwardingContext {
  /** The credential, from the page's client_uid query parameter. */
  clientUid: string;
  config: AlertForwardingConfig | null;
  /** The AES key and example (and the portal key): held only while the keys dialog is open; the AES key is never shown again. */
  keys: AlertForwardingKeys | null;
  /** What the set-up or edit dialog holds. */
  form: { url: string; publicKey: string };
  /** The field the edit dialog changes. */
  editing: AlertForwardingField | null;
  error: AlertForwardingFailure | null;
  /** The delivery log, newest first (pings and test alerts among them); null until it loaded once. */
  deliveries: AlertDeliveryEntry[] | null;
  /** The delivery the Redeliver button was pressed on. */
  redelivering: string | null;
  deliveryNotice: DeliveryNotice | null;
  deliveryProblem: DeliveryProblem | null;
}

export type AlertForwardingEvent =
  | { type: 'setup.open' }
  | { type: 'field.edit'; field: AlertForwardingField }
  | { type: 'form.change'; field: AlertForwardingField; value: string }
  | { type: 'form.submit' }
  | { type: 'keys.renew' }
  | { type: 'data.clear' }
  | { type: 'v3.stop' }
  | { type: 'log.refresh' }
  | { type: 'test.send' }
  | { type: 'delivery.redeliver'; id: string }
  | ConfirmEvent
  | ShowOnceEvent;

const setupProblem = ({ form }: AlertForwardingContext) =>
  webhookProblem(form.url) ?? rsaPublicKeyProblem(form.publicKey);

const editProblem = ({ form, editing }: AlertForwardingContext) =>
  editing === 'url' ? webhookProblem(form.url) : rsaPublicKeyProblem(form.publicKey);

const editUnchanged = ({ form, editing, config }: AlertForwardingContext) =>
  // Stryker disable next-line ConditionalExpression: the edit dialog opens only once configured (config is set).
  config !== null &&
  (editing === 'url' ? form.url.trim() === config.url : isSameRsaPublicKey(form.publicKey, config.group_public_key));

/** A 401 from any call: nothing here can succeed any more. */
const ended = { guard: sessionEnded, target: '#alert-forwarding.sessionEnded' } as const;

/** Any other failure of a call: the dialog (or the page) that made it says why. */
const assignError = { type: 'assignError', params: failure } as const;

/** A delivery-log call's failure, shown beside the log. */
const deliveryProblem = (action: DeliveryProblem['action']) =>
  ({
    type: 'assignDeliveryProblem',
    params: ({ event }: { event: { error: unknown } }) => ({ action, error: event.error }),
  }) as const;

/** Only a delivery whose retries ended without a 2xx is sent again (docs/api/alert-forwarding.md). */
const isFailedIn = (deliveries: AlertDeliveryEntry[] | null, id: string) =>
  deliveries?.some((d) => d.id === id && d.status === 'failed') ?? false;

export const alertForwardingMachine = setup({
  types: {
    context: {} as AlertForwardingContext,
    events: {} as AlertForwardingEvent,
    input: {} as { clientUid: string },
  },
  actors: {
    loadConfig: fromPromise<AlertForwardingConfig, { clientUid: string }>(async () => {
      throw new Error('loadConfig must be provided');
    }),
    saveSetup: fromPromise<AlertForwardingKeys, { clientUid: string; payload: AlertForwardingSetupPayload }>(
      async () => {
        throw new Error('saveSetup must be provided');
      },
    ),
    saveEdit: fromPromise<AlertForwardingEditResult, { clientUid: string; payload: AlertForwardingEditPayload }>(
      async () => {
        throw new Error('saveEdit must be provided');
      },
    ),
    renewKeys: fromPromise<AlertForwardingKeys, { clientUid: string }>(async () => {
      throw new Error('renewKeys must be provided');
    }),
    clearData: fromPromise<void, { clientUid: string }>(async () => {
      throw new Error('clearData must be provided');
    }),
    stopV3Alerts: fromPromise<void>(async () => {
      throw new Error('stopV3Alerts must be provided');
    }),
    loadDeliveries: fromPromise<AlertDeliveryEntry[], { clientUid: string }>(async () => {
      throw new Error('loadDeliveries must be provided');
    }),
    sendTestAlert: fromPromise<AlertDeliveryEntry, { clientUid: string }>(async () => {
      throw new Error('sendTestAlert must be provided');
    }),
    redeliver: fromPromise<AlertDeliveryEntry, { clientUid: string; deliveryId: string }>(async () => {
      throw new Error('redeliver must be provided');
    }),
  },
  guards: {
    isAccessDenied: (_, { error }: Failure) => isAccessDeniedFailure(error),
    isNotConfigured: (_, { error }: Failure) => isNotConfiguredFailure(error),
    hasSetupProblem: ({ context }) => setupProblem(context) !== null,
    hasEditProblem: ({ context }) => editProblem(context) !== null,
    isEditUnchanged: ({ context }) => editUnchanged(context),
    // Stryker disable next-line OptionalChaining: asked only in configured.idle, where config is set.
    hasCompanyId: ({ context }) => Boolean(context.config?.companyId),
    isFailedDelivery: ({ context }, { id }: { id: string }) => isFailedIn(context.deliveries, id),
    isSessionEnded,
  },
  actions: {
    assignConfig: assign({ config: (_, config: AlertForwardingConfig) => config }),
    assignEditedConfig: assign({
      config: ({ context }, edited: AlertForwardingEditResult) => edited.config ?? context.config,
    }),
    assignKeys: assign(({ context }, keys: AlertForwardingKeys) => ({ keys, config: keys.config ?? context.config })),
    clearKeys: assign({ keys: null }),
    clearConfig: assign({ config: null }),
    clearCompanyId: assign({
      config: ({ context }) => (context.config ? { ...context.config, companyId: null } : null),
    }),
    // A new set-up dialog starts blank; an edit dialog starts from the stored value.
    resetForm: assign({ form: { url: '', publicKey: '' }, error: null }),
    startEdit: assign(({ context }, { field }: { field: AlertForwardingField }) => ({
      editing: field,
      error: null,
      // Stryker disable next-line OptionalChaining,StringLiteral: an edit opens only once configured (config is set).
      form: { url: context.config?.url ?? '', publicKey: context.config?.group_public_key ?? '' },
    })),
    clearEdit: assign({ editing: null, error: null }),
    assignField: assign({
      form: ({ context }, { field, value }: { field: AlertForwardingField; value: string }) => ({
        ...context.form,
        [field]: value,
      }),
    }),
    assignSetupProblem: assign({ error: ({ context }) => setupProblem(context) }),
    assignEditProblem: assign({ error: ({ context }) => editProblem(context) }),
    assignError: assign({ error: (_, { error }: Failure) => alertForwardingFailureFrom(error) }),
    clearError: assign({ error: null }),
    assignDeliveries: assign({ deliveries: (_, deliveries: AlertDeliveryEntry[]) => deliveries }),
    startRedelivery: assign({
      redelivering: (_, { id }: { id: string }) => id,
      deliveryNotice: null,
      deliveryProblem: null,
    }),
    clearDeliveryFeedback: assign({ deliveryNotice: null, deliveryProblem: null, redelivering: null }),
    assignDeliveryNotice: assign({
      deliveryNotice: (_, notice: DeliveryNotice) => notice,
      redelivering: null,
    }),
    assignDeliveryProblem: assign({
      deliveryProblem: (_, { action, error }: { action: DeliveryProblem['action']; error: unknown }) => ({
        action,
        failure: alertForwardingFailureFrom(error),
      }),
      redelivering: null,
    }),
  },
}).createMachine({
  id: 'alert-forwarding',
  description:
    "Alert forwarding of one credential: webhook and RSA key, the portal's keys, Clear Data, Stop V3, the delivery log with Send test alert and Redeliver; owner only.",
  context: ({ input }) => ({
    clientUid: input.clientUid,
    config: null,
    keys: null,
    form: { url: '', publicKey: '' },
    editing: null,
    error: null,
    deliveries: null,
    redelivering: null,
    deliveryNotice: null,
    deliveryProblem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ clientUid: context.clientUid }),
        onDone: { target: 'configured', actions: { type: 'assignConfig', params: output } },
        onError: [
          { guard: sessionEnded, target: 'sessionEnded' },
          { guard: { type: 'isAccessDenied', params: failure }, target: 'accessDenied' },
          { guard: { type: 'isNotConfigured', params: failure }, target: 'notConfigured' },
          { target: 'notConfigured.showError', actions: assignError },
        ],
      },
    },
    accessDenied: { description: 'Code 9 (or 80): the page navigates to /pages/access-denied.', type: 'final' },
    sessionEnded: {
      description: '401 from any call: the page goes to the login page, which brings the reader back here.',
      type: 'final',
    },
    notConfigured: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is set up (code 28): the Set Up Alert Forwarding button.',
          on: { 'setup.open': { target: 'settingUp', actions: 'resetForm' } },
        },
        showError: {
          description: 'Any other load failure: an error dialog over the not-configured view.',
          tags: ['error'],
          on: { 'dialog.close': { target: 'idle', actions: 'clearError' } },
        },
        settingUp: {
          description: 'Webhook and RSA public key, with how to generate a key pair.',
          on: {
            'form.change': { actions: { type: 'assignField', params: ({ event }) => event } },
            'form.submit': [
              { guard: 'hasSetupProblem', target: 'settingUp', actions: 'assignSetupProblem' },
              { target: 'savingSetup', actions: 'clearError' },
            ],
            'dialog.close': { target: 'idle', actions: 'clearError' },
          },
        },
        savingSetup: {
          tags: ['busy'],
          invoke: {
            id: 'saveSetup',
            src: 'saveSetup',
            input: ({ context }) => ({
              clientUid: context.clientUid,
              payload: { url: context.form.url.trim(), public_rsa_key: context.form.publicKey.trim() },
            }),
            onDone: {
              target: '#alert-forwarding.configured.showKeys',
              actions: { type: 'assignKeys', params: output },
            },
            onError: [ended, { target: 'settingUp', actions: assignError }],
          },
        },
      },
    },
    configured: {
      initial: 'loadingLog',
      states: {
        loadingLog: {
          description:
            'The delivery log, whose newest ping says how the webhook answered; loaded on arrival, on Refresh and after every change.',
          tags: ['busy'],
          invoke: {
            id: 'loadDeliveries',
            src: 'loadDeliveries',
            input: ({ context }) => ({ clientUid: context.clientUid }),
            onDone: { target: 'idle', actions: { type: 'assignDeliveries', params: output } },
            onError: [ended, { target: 'idle', actions: deliveryProblem('load') }],
          },
        },
        idle: {
          on: {
            'field.edit': { target: 'editing', actions: { type: 'startEdit', params: ({ event }) => event } },
            'keys.renew': { target: 'confirmRenew', actions: 'clearError' },
            'data.clear': { target: 'confirmClear', actions: 'clearError' },
            'v3.stop': { guard: 'hasCompanyId', target: 'confirmStopV3', actions: 'clearError' },
            'log.refresh': { target: 'loadingLog', actions: 'clearDeliveryFeedback' },
            'test.send': { target: 'sendingTest', actions: 'clearDeliveryFeedback' },
            'delivery.redeliver': {
              guard: { type: 'isFailedDelivery', params: ({ event }) => event },
              target: 'redelivering',
              actions: { type: 'startRedelivery', params: ({ event }) => event },
            },
          },
        },
        sendingTest: {
          description: 'A test alert, sealed and signed like any other and marked test inside, joins the queue.',
          tags: ['busy'],
          invoke: {
            id: 'sendTestAlert',
            src: 'sendTestAlert',
            input: ({ context }) => ({ clientUid: context.clientUid }),
            onDone: { target: 'loadingLog', actions: { type: 'assignDeliveryNotice', params: 'testQueued' } },
            onError: [ended, { target: 'idle', actions: deliveryProblem('test') }],
          },
        },
        redelivering: {
          description: 'Only a failed delivery: a new delivery of the same alert, with its own attempts.',
          tags: ['busy'],
          invoke: {
            id: 'redeliver',
            src: 'redeliver',
            // Stryker disable next-line StringLiteral: entered only by delivery.redeliver, which names the delivery.
            input: ({ context }) => ({ clientUid: context.clientUid, deliveryId: context.redelivering ?? '' }),
            onDone: { target: 'loadingLog', actions: { type: 'assignDeliveryNotice', params: 'redeliveryQueued' } },
            onError: [ended, { target: 'idle', actions: deliveryProblem('redeliver') }],
          },
        },
        editing: {
          description: 'One field; saved only if valid and different from the stored value (product.md §5).',
          on: {
            'form.change': { actions: { type: 'assignField', params: ({ event }) => event } },
            'form.submit': [
              { guard: 'hasEditProblem', target: 'editing', actions: 'assignEditProblem' },
              { guard: 'isEditUnchanged', target: 'idle', actions: 'clearEdit' },
              { target: 'savingEdit', actions: 'clearError' },
            ],
            'dialog.close': { target: 'idle', actions: 'clearEdit' },
          },
        },
        savingEdit: {
          tags: ['busy'],
          invoke: {
            id: 'saveEdit',
            src: 'saveEdit',
            input: ({ context }) => ({
              clientUid: context.clientUid,
              payload:
                context.editing === 'url'
                  ? { url: context.form.url.trim() }
                  : { public_rsa_key: context.form.publicKey.trim() },
            }),
            // A new webhook was pinged: the log shows it waiting, then its answer.
            onDone: { target: 'loadingLog', actions: [{ type: 'assignEditedConfig', params: output }, 'clearEdit'] },
            onError: [ended, { target: 'editing', actions: assignError }],
          },
        },
        ...confirmThenAct({
          asking: 'confirmRenew',
          description: 'Acquiring new keys invalidates the previous ones.',
          working: 'renewing',
          src: 'renewKeys',
          input: ({ context }: { context: AlertForwardingContext }) => ({ clientUid: context.clientUid }),
          confirm: 'clearError',
          cancel: { target: 'idle', actions: 'clearError' },
          done: { target: 'showKeys', actions: { type: 'assignKeys', params: output } },
          failed: { target: 'confirmRenew', actions: assignError },
          sessionEnded: ended.target,
        }),
        showKeys: {
          description:
            'The portal public key, the AES key (hex, shown this once) and an example alert; closing before the AES key was copied asks first.',
          // A setup pinged the webhook: the log comes next, with the ping.
          ...showOnceStates('#alert-forwarding.configured.loadingLog', ['clearKeys']),
        },
        ...confirmThenAct({
          asking: 'confirmClear',
          description: 'Clear Data is a permanent deletion.',
          working: 'clearing',
          src: 'clearData',
          input: ({ context }: { context: AlertForwardingContext }) => ({ clientUid: context.clientUid }),
          confirm: 'clearError',
          cancel: { target: 'idle', actions: 'clearError' },
          done: { target: '#alert-forwarding.notConfigured', actions: 'clearConfig' },
          failed: { target: 'confirmClear', actions: assignError },
          sessionEnded: ended.target,
        }),
        ...confirmThenAct({
          asking: 'confirmStopV3',
          description: 'Irreversible: only version 4 alerts afterwards.',
          working: 'stoppingV3',
          src: 'stopV3Alerts',
          confirm: 'clearError',
          cancel: { target: 'idle', actions: 'clearError' },
          done: { target: 'idle', actions: 'clearCompanyId' },
          failed: { target: 'confirmStopV3', actions: assignError },
          sessionEnded: ended.target,
        }),
      },
    },
  },
});
