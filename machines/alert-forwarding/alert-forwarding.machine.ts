import { assign, fromPromise, setup } from 'xstate';
import {
  isSameRsaPublicKey,
  rsaPublicKeyProblem,
  webhookProblem,
  type AlertForwardingConfig,
  type AlertForwardingEditPayload,
  type AlertForwardingEditResult,
  type AlertForwardingKeys,
  type AlertForwardingSetupPayload,
} from '../../shared-domain/alert-forwarding.ts';
import {
  alertForwardingFailureFrom,
  isAccessDeniedFailure,
  isNotConfiguredFailure,
  type AlertForwardingFailure,
} from './alert-forwarding.errors.ts';
import { isSessionEnded } from '../shared/session-ended.ts';
import { showOnceStates, type ShowOnceEvent } from '../shared/show-once.ts';

export type AlertForwardingField = 'url' | 'publicKey';

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
}

export type AlertForwardingEvent =
  | { type: 'setup.open' }
  | { type: 'field.edit'; field: AlertForwardingField }
  | { type: 'form.change'; field: AlertForwardingField; value: string }
  | { type: 'form.submit' }
  | { type: 'keys.renew' }
  | { type: 'data.clear' }
  | { type: 'v3.stop' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.close' }
  | ShowOnceEvent;

const setupProblem = ({ form }: AlertForwardingContext) => webhookProblem(form.url) ?? rsaPublicKeyProblem(form.publicKey);

const editProblem = ({ form, editing }: AlertForwardingContext) =>
  editing === 'url' ? webhookProblem(form.url) : rsaPublicKeyProblem(form.publicKey);

const editUnchanged = ({ form, editing, config }: AlertForwardingContext) =>
  config !== null &&
  (editing === 'url' ? form.url.trim() === config.url : isSameRsaPublicKey(form.publicKey, config.group_public_key));

const errorOf = (event: unknown) => alertForwardingFailureFrom((event as { error?: unknown }).error);

/** A 401 from any call: nothing here can succeed any more. */
const ended = { guard: 'isSessionEnded', target: '#alert-forwarding.sessionEnded' } as const;

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
    saveSetup: fromPromise<AlertForwardingKeys, { clientUid: string; payload: AlertForwardingSetupPayload }>(async () => {
      throw new Error('saveSetup must be provided');
    }),
    saveEdit: fromPromise<AlertForwardingEditResult, { clientUid: string; payload: AlertForwardingEditPayload }>(async () => {
      throw new Error('saveEdit must be provided');
    }),
    renewKeys: fromPromise<AlertForwardingKeys, { clientUid: string }>(async () => {
      throw new Error('renewKeys must be provided');
    }),
    clearData: fromPromise<void, { clientUid: string }>(async () => {
      throw new Error('clearData must be provided');
    }),
    stopV3Alerts: fromPromise<void>(async () => {
      throw new Error('stopV3Alerts must be provided');
    }),
  },
  guards: {
    isAccessDenied: ({ event }) => isAccessDeniedFailure((event as { error?: unknown }).error),
    isNotConfigured: ({ event }) => isNotConfiguredFailure((event as { error?: unknown }).error),
    hasSetupProblem: ({ context }) => setupProblem(context) !== null,
    hasEditProblem: ({ context }) => editProblem(context) !== null,
    isEditUnchanged: ({ context }) => editUnchanged(context),
    hasCompanyId: ({ context }) => Boolean(context.config?.companyId),
    isSessionEnded,
  },
  actions: {
    assignConfig: assign({ config: ({ event }) => (event as { output?: AlertForwardingConfig }).output ?? null }),
    assignEditedConfig: assign({
      config: ({ context, event }) => (event as { output?: AlertForwardingEditResult }).output?.config ?? context.config,
    }),
    assignKeys: assign(({ context, event }) => {
      const keys = (event as { output?: AlertForwardingKeys }).output ?? null;
      return { keys, config: keys?.config ?? context.config };
    }),
    clearKeys: assign({ keys: null }),
    clearConfig: assign({ config: null }),
    clearCompanyId: assign({ config: ({ context }) => (context.config ? { ...context.config, companyId: null } : null) }),
    // A new set-up dialog starts blank; an edit dialog starts from the stored value.
    resetForm: assign({ form: { url: '', publicKey: '' }, error: null }),
    startEdit: assign(({ context, event }) => {
      const field = event.type === 'field.edit' ? event.field : 'url';
      return {
        editing: field,
        error: null,
        form: { url: context.config?.url ?? '', publicKey: context.config?.group_public_key ?? '' },
      };
    }),
    clearEdit: assign({ editing: null, error: null }),
    assignField: assign({
      form: ({ context, event }) => (event.type === 'form.change' ? { ...context.form, [event.field]: event.value } : context.form),
    }),
    assignSetupProblem: assign({ error: ({ context }) => setupProblem(context) }),
    assignEditProblem: assign({ error: ({ context }) => editProblem(context) }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'alert-forwarding',
  description: "Alert forwarding of one credential: webhook and RSA key, the portal's keys, Clear Data, Stop V3; owner only.",
  context: ({ input }) => ({ clientUid: input.clientUid, config: null, keys: null, form: { url: '', publicKey: '' }, editing: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ clientUid: context.clientUid }),
        onDone: { target: 'configured', actions: 'assignConfig' },
        onError: [
          { guard: 'isSessionEnded', target: 'sessionEnded' },
          { guard: 'isAccessDenied', target: 'accessDenied' },
          { guard: 'isNotConfigured', target: 'notConfigured' },
          { target: 'notConfigured.showError', actions: 'assignError' },
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
            'form.change': { actions: 'assignField' },
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
            onDone: { target: '#alert-forwarding.configured.showKeys', actions: 'assignKeys' },
            onError: [ended, { target: 'settingUp', actions: 'assignError' }],
          },
        },
      },
    },
    configured: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.edit': { target: 'editing', actions: 'startEdit' },
            'keys.renew': { target: 'confirmRenew', actions: 'clearError' },
            'data.clear': { target: 'confirmClear', actions: 'clearError' },
            'v3.stop': { guard: 'hasCompanyId', target: 'confirmStopV3', actions: 'clearError' },
          },
        },
        editing: {
          description: 'One field; saved only if valid and different from the stored value (product.md §5).',
          on: {
            'form.change': { actions: 'assignField' },
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
              payload: context.editing === 'url' ? { url: context.form.url.trim() } : { public_rsa_key: context.form.publicKey.trim() },
            }),
            onDone: { target: 'idle', actions: ['assignEditedConfig', 'clearEdit'] },
            onError: [ended, { target: 'editing', actions: 'assignError' }],
          },
        },
        confirmRenew: {
          description: 'Acquiring new keys invalidates the previous ones.',
          on: {
            'dialog.confirm': { target: 'renewing', actions: 'clearError' },
            'dialog.close': { target: 'idle', actions: 'clearError' },
          },
        },
        renewing: {
          tags: ['busy'],
          invoke: {
            id: 'renewKeys',
            src: 'renewKeys',
            input: ({ context }) => ({ clientUid: context.clientUid }),
            onDone: { target: 'showKeys', actions: 'assignKeys' },
            onError: [ended, { target: 'confirmRenew', actions: 'assignError' }],
          },
        },
        showKeys: {
          description: 'The portal public key, the AES key (hex, shown this once) and an example alert; closing before the AES key was copied asks first.',
          ...showOnceStates('#alert-forwarding.configured.idle', ['clearKeys']),
        },
        confirmClear: {
          description: 'Clear Data is a permanent deletion.',
          on: {
            'dialog.confirm': { target: 'clearing', actions: 'clearError' },
            'dialog.close': { target: 'idle', actions: 'clearError' },
          },
        },
        clearing: {
          tags: ['busy'],
          invoke: {
            id: 'clearData',
            src: 'clearData',
            input: ({ context }) => ({ clientUid: context.clientUid }),
            onDone: { target: '#alert-forwarding.notConfigured', actions: 'clearConfig' },
            onError: [ended, { target: 'confirmClear', actions: 'assignError' }],
          },
        },
        confirmStopV3: {
          description: 'Irreversible: only version 4 alerts afterwards.',
          on: {
            'dialog.confirm': { target: 'stoppingV3', actions: 'clearError' },
            'dialog.close': { target: 'idle', actions: 'clearError' },
          },
        },
        stoppingV3: {
          tags: ['busy'],
          invoke: {
            id: 'stopV3Alerts',
            src: 'stopV3Alerts',
            onDone: { target: 'idle', actions: 'clearCompanyId' },
            onError: [ended, { target: 'confirmStopV3', actions: 'assignError' }],
          },
        },
      },
    },
  },
});
