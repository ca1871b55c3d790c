import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import {
  type AlertForwardingConfig,
  type AlertForwardingKeys,
  isSameRsaPublicKey,
  rsaPublicKeyProblem,
  webhookProblem,
} from '#shared-domain/alert-forwarding.ts';
import { ApiError } from '#shared-domain/api-error.ts';
import { apiErrorBody, apiErrorOf } from '#shared-domain/error-body.ts';
import type { ExploreOptions, ModelEvent } from '#tests/support/model-graph.ts';
import type { AlertForwardingError, AlertForwardingFailure } from './alert-forwarding.errors.ts';
import type { AlertForwardingContext, AlertForwardingField } from './alert-forwarding.machine.ts';

/** Model cases shared by the headless test and the test through the view, so both explore the same graph. */
/** The machine's invoked actors, each answered by hand in the model test and the dialogs test. */
export const ACTOR_IDS = [
  'loadConfig',
  'saveSetup',
  'saveEdit',
  'renewKeys',
  'clearData',
  'stopV3Alerts',
  'loadDeliveries',
  'sendTestAlert',
  'redeliver',
] as const;
export type ActorId = (typeof ACTOR_IDS)[number];

export const CLIENT_UID = 'uid-a';

/** Two real 2048-bit RSA public keys (SPKI PEM): the helper checks their shape, the server parses them. */
export const KEY_A =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqwIt89lMI+A1gYWQnF08\nP/FbfDqNDEqFdVudFyJi+P0Xhs0p4PpSXO6Zb2jobHAO8AlOR03UfrSiSixqaHxL\nkETntwJZRBtW01pbWCtoyPEP5rIO+n88KgJpuTp/Exx7/+Nm4nSVmw2CWcCD//1Y\n9sg9M+llE5wCx1YmQ1q5FO82/wGz98BpJH4gVnq88nhk/oXg7ALOdjPzml0AmAt6\nO2BoBpNr/mzDv4VNVHSORNnQTYOuGEYNNs1cgjAEhHoJvUNJY1t2sldhLDdVnKHE\nUl9+3Jh43be6dx3oznAJCHwCvtZzjn3iwL1BeDV4rjT+GLw3eirOfwKTE7RJlylA\nRwIDAQAB\n-----END PUBLIC KEY-----\n';
export const KEY_B =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoZ9TSVLldJ3eCZixi/hz\nlRVlWtphoVq0ixZqJwIXTmaXGJlMbNrcxhLs6c0jX2g5sMbd6uk+pNnpnE+5L5vS\naJ+Ms2FiBe9DbhJQHyV5ImVT/bzR/KFiOrr6ADL+ZAqMReS8u/nNpi8MhYY1f80X\nYtSAYWlCk3MtAXlWZn7+PYNCw9Uc2CN7X3kiITK/8wSzN3Y5BBe4F/sm3Lttw/I0\nvUuJDxVjalw5Dd/bWR4vYrLMNkw39h0s1QFkKjU7wudZpCfEk3Hdk/QZLY3+T9OA\nTvoVrsnYWNXeXKUJQ5fv4/S9Sox3fOH08TtCeryXFbrGv7Vn+g7gw6X7Enwi6/xr\nPwIDAQAB\n-----END PUBLIC KEY-----\n';
/** The portal's own public keys: the first setup's, and the one Acquire New Keys brings. */
export const PORTAL_KEY = KEY_B;
export const RENEWED_PORTAL_KEY =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwHFNIxvLQrT3p27fgsaU\nTRCBUfr59QZWk9tQJOA68d32szrbRKc+NK7Qy/bZYriTULnPJqw25JP0TwO12zfA\nnjukulyTOaCMHDag0tCtPgyq/829LUhdLFsMsM8PzfWvjBYrnKCgEwAdEDtE5GBw\nxCsa1ASslK5DFWRhYTrHo4eX7qXfsouw8LxPfDnlCvFqZ9fc5lbR4JcJEubR9XSA\n/XVq1boWp4u91fdvGAcmE3yqrX4bckcmNg4fFZQOirWreZs9Q5LcWcrjrfzATGzD\nLVEl9r+5WtQ/2dOlTM01QFgkhSJvotFJhc//wf1tBEP9F0Jbw+KD6bMgu1NBalsv\nQwIDAQAB\n-----END PUBLIC KEY-----\n';
/** Looks nothing like a PEM public key. */
export const BAD_KEY = 'ssh-rsa AAAAB3NzaC1yc2E';

export const URL_A = 'https://alerts.customer.example/hook';
export const URL_B = 'https://alerts.customer.example/v2';
/** Plain http: the page refuses it before the server would. */
export const BAD_URL = 'http://alerts.customer.example/hook';

export const CONFIG: AlertForwardingConfig = {
  url: URL_A,
  name: 'Nightly export',
  group_public_key: KEY_A,
  companyId: 'ACME-42',
  portal_public_key: PORTAL_KEY,
};

const EXAMPLE = {
  version: 4 as const,
  encrypted_seed: 'c2VlZA==',
  iv: 'aXY=',
  ciphertext: 'Y2lwaGVy',
  tag: 'dGFn',
  signature: 'c2ln',
};

/** What a setup answers: keys shown once, and the new configuration (no company id: V3 alerts were never on). */
export const SETUP_KEYS: AlertForwardingKeys = {
  aes_key: 'a1'.repeat(32),
  portal_public_key: PORTAL_KEY,
  example: EXAMPLE,
  config: { ...CONFIG, companyId: null },
};

/** What Acquire New Keys answers: the configuration now names the new portal key. */
export const RENEWED_KEYS: AlertForwardingKeys = {
  aes_key: 'b2'.repeat(32),
  portal_public_key: RENEWED_PORTAL_KEY,
  example: { ...EXAMPLE, ciphertext: 'bmV3' },
  config: { ...CONFIG, portal_public_key: RENEWED_PORTAL_KEY },
};

const AT = Date.UTC(2026, 10, 26, 12);
type AttemptEntry = AlertDeliveryEntry['attempt_log'][number];
const attempt = (n: number, over: Partial<AttemptEntry>): AttemptEntry => ({
  attempt: n,
  started_at: AT + n * 60_000,
  outcome: 'delivered' as const,
  latency_ms: 84,
  http_status: 200,
  error: null,
  failure: null,
  next_attempt_at: null,
  ...over,
});
const delivery = (over: Partial<AlertDeliveryEntry>): AlertDeliveryEntry => ({
  id: 'delivery',
  alert_id: 'alert',
  kind: 'alert',
  type: 'fall_detected',
  severity: 'critical',
  occurred_at: AT,
  version: 4,
  status: 'delivered',
  attempts: 1,
  created_at: AT,
  next_attempt_at: null,
  delivered_at: AT + 60_000,
  last_http_status: 200,
  last_error: null,
  redelivery_of: null,
  attempt_log: [attempt(1, {})],
  ...over,
});

/** The ping the setup queued: answered 200 in 84 ms. */
export const PING = delivery({ id: 'd-ping', alert_id: 'a-ping', kind: 'ping', type: 'ping', severity: null });
/** An alert the webhook refused three times: the one Redeliver is for. */
export const FAILED = delivery({
  id: 'd-failed',
  alert_id: 'a-failed',
  status: 'failed',
  attempts: 3,
  delivered_at: null,
  last_http_status: 410,
  last_error: 'HTTP 410: gone',
  attempt_log: [1, 2, 3].map((n) =>
    attempt(n, {
      outcome: n === 3 ? 'failed' : 'retry',
      http_status: 410,
      error: 'HTTP 410: gone',
      next_attempt_at: n === 3 ? null : AT + (n + 1) * 60_000,
    }),
  ),
});
/** A test alert still being tried: its next retry is on the log, and it is not Redeliver's. */
export const RETRYING = delivery({
  id: 'd-retrying',
  alert_id: 'a-retrying',
  kind: 'test',
  status: 'pending',
  delivered_at: null,
  next_attempt_at: AT + 120_000,
  last_http_status: null,
  last_error: 'connection refused',
  attempt_log: [
    attempt(1, {
      outcome: 'retry',
      http_status: null,
      error: 'connection refused',
      failure: 'connection',
      next_attempt_at: AT + 120_000,
      latency_ms: 3,
    }),
  ],
});
/** What the log answers: newest first. */
export const LOG: AlertDeliveryEntry[] = [RETRYING, FAILED, PING];

/** 401, which any call may answer: the session is over, and the page goes to log in again. */
export const NO_SESSION = apiErrorOf('NoSession');

/** What GET may fail with, and where the page must then be (written by hand). */
export const loadFailures: Array<{
  label: string;
  error: ApiError;
  outcome: 'accessDenied' | 'notConfigured' | 'sessionEnded' | AlertForwardingError;
}> = [
  { label: '403 code 9', error: apiErrorOf('NotOwner'), outcome: 'accessDenied' },
  { label: '403 code 80', error: apiErrorOf('AccessDenied'), outcome: 'accessDenied' },
  { label: '404 code 28', error: apiErrorOf('NoAlertConfig'), outcome: 'notConfigured' },
  {
    label: '404 unknown credential',
    error: apiErrorOf('ClientNotFound'),
    outcome: 'CredentialNotFound',
  },
  { label: '401 no session', error: NO_SESSION, outcome: 'sessionEnded' },
  { label: 'network failure', error: new ApiError(0, null), outcome: 'AnErrorOccured' },
];

/** The server's longest webhook address and key (server/modules/alert-forwarding/alert-forwarding.routes.ts). */
export const URL_BODY_LIMIT = 4096;
export const KEY_BODY_LIMIT = 8192;

/** Too many key issues for the account: the page says so with the wait, never the server's English. */
const rateLimited = (seconds: number) =>
  new ApiError(429, {
    ...apiErrorBody('RateLimited', { retry_after_seconds: seconds }),
    message: 'Too many requests, please try again later',
  });

/** A field over the request's limit: the page names the field and the limit. */
function tooLong(field: 'url' | 'public_rsa_key', limit: number) {
  const issue = { field, problem: 'too_long', limit } as const;
  const error = new ApiError(400, {
    ...apiErrorBody('ValidationError', { ...issue, issues: [issue] }),
    message: `${field}: at most ${limit} characters`,
  });
  return { error, code: { code: 'FieldProblem', ...issue } as AlertForwardingFailure };
}

export const setupFailures: Array<{ label: string; error: ApiError; code: AlertForwardingFailure }> = [
  {
    label: '400 InvalidRsaPublicKey',
    error: apiErrorOf('InvalidRsaPublicKey'),
    code: 'InvalidRsaPublicKey',
  },
  {
    label: '409 already configured',
    error: apiErrorOf('AlertForwardingAlreadyConfigured'),
    code: 'AlertForwardingAlreadyConfigured',
  },
  { label: 'set-up 429 (40 s)', error: rateLimited(40), code: { code: 'RateLimited', retryAfterSeconds: 40 } },
  { label: 'set-up 400 url over its limit', ...tooLong('url', URL_BODY_LIMIT) },
];

export const editFailures: Array<{ label: string; error: ApiError; code: AlertForwardingFailure }> = [
  {
    label: '400 InvalidForwardAlertWebhook',
    error: apiErrorOf('InvalidForwardAlertWebhook'),
    code: 'InvalidForwardAlertWebhook',
  },
];
/** The edited field over its limit: offered only while that field is being saved, as the server would answer. */
export const editTooLong: Record<
  AlertForwardingField,
  { label: string; error: ApiError; code: AlertForwardingFailure }
> = {
  url: { label: 'edit 400 url over its limit', ...tooLong('url', URL_BODY_LIMIT) },
  publicKey: { label: 'edit 400 key over its limit', ...tooLong('public_rsa_key', KEY_BODY_LIMIT) },
};
export const renewFailures: Array<{ label: string; error: ApiError; code: AlertForwardingFailure }> = [
  { label: '500', error: apiErrorOf('InternalError'), code: 'AnErrorOccured' },
  { label: 'renew 429 (20 s)', error: rateLimited(20), code: { code: 'RateLimited', retryAfterSeconds: 20 } },
];
export const clearFailure = {
  label: '404 code 28',
  error: apiErrorOf('NoAlertConfig'),
  code: 'NoAlertConfig' as AlertForwardingError,
};
export const stopFailure = {
  label: '500',
  error: apiErrorOf('InternalError'),
  code: 'AnErrorOccured' as AlertForwardingError,
};

export const logFailure = {
  label: 'log 500',
  error: apiErrorOf('InternalError'),
  code: 'AnErrorOccured' as AlertForwardingError,
};
export const testFailures: Array<{ label: string; error: ApiError; code: AlertForwardingFailure }> = [
  { label: 'test 429 (30 s)', error: rateLimited(30), code: { code: 'RateLimited', retryAfterSeconds: 30 } },
  { label: 'test network failure', error: new ApiError(0, null), code: 'AnErrorOccured' },
];
export const redeliverFailures: Array<{ label: string; error: ApiError; code: AlertForwardingFailure }> = [
  { label: '409 not failed', error: apiErrorOf('AlertDeliveryNotFailed'), code: 'AlertDeliveryNotFailed' },
  { label: '404 delivery gone', error: apiErrorOf('AlertDeliveryNotFound'), code: 'AlertDeliveryNotFound' },
];

/** Every call after the load, each of which may answer 401. */
export const ACTION_IDS = ACTOR_IDS.filter((id) => id !== 'loadConfig');

const typed: Record<AlertForwardingField, { setup: string[]; edit: string[] }> = {
  url: { setup: ['', BAD_URL, URL_A], edit: [URL_A, URL_B, BAD_URL] },
  publicKey: { setup: ['', BAD_KEY, KEY_A], edit: [KEY_A, KEY_B, BAD_KEY] },
};

const fixedEvents: ModelEvent[] = [
  { type: 'setup.open' },
  { type: 'field.edit', field: 'url' },
  { type: 'field.edit', field: 'publicKey' },
  { type: 'form.submit' },
  { type: 'keys.renew' },
  { type: 'data.clear' },
  { type: 'v3.stop' },
  { type: 'dialog.confirm' },
  { type: 'dialog.close' },
  { type: 'secret.copy' },
  { type: 'discard.confirm' },
  { type: 'discard.cancel' },
  ...ACTION_IDS.map((id) => ({ type: `xstate.error.actor.${id}`, error: NO_SESSION })),
  { type: 'xstate.done.actor.loadConfig', output: CONFIG },
  ...loadFailures.map(({ error }) => ({ type: 'xstate.error.actor.loadConfig' as const, error })),
  { type: 'xstate.done.actor.saveSetup', output: SETUP_KEYS },
  ...setupFailures.map(({ error }) => ({ type: 'xstate.error.actor.saveSetup' as const, error })),
  ...editFailures.map(({ error }) => ({ type: 'xstate.error.actor.saveEdit' as const, error })),
  { type: 'xstate.done.actor.renewKeys', output: RENEWED_KEYS },
  ...renewFailures.map(({ error }) => ({ type: 'xstate.error.actor.renewKeys' as const, error })),
  { type: 'xstate.done.actor.clearData', output: undefined },
  { type: 'xstate.error.actor.clearData', error: clearFailure.error },
  { type: 'xstate.done.actor.stopV3Alerts', output: undefined },
  { type: 'xstate.error.actor.stopV3Alerts', error: stopFailure.error },
  { type: 'log.refresh' },
  { type: 'test.send' },
  // The failed one is redelivered; the one still being tried is not (the page offers no button for it).
  { type: 'delivery.redeliver', id: FAILED.id },
  { type: 'delivery.redeliver', id: RETRYING.id },
  { type: 'xstate.done.actor.loadDeliveries', output: LOG },
  { type: 'xstate.error.actor.loadDeliveries', error: logFailure.error },
  {
    type: 'xstate.done.actor.sendTestAlert',
    output: { ...RETRYING, id: 'd-test', status: 'pending', attempts: 0, attempt_log: [] },
  },
  ...testFailures.map(({ error }) => ({ type: 'xstate.error.actor.sendTestAlert' as const, error })),
  {
    type: 'xstate.done.actor.redeliver',
    output: { ...FAILED, id: 'd-copy', status: 'pending', attempts: 0, attempt_log: [], redelivery_of: FAILED.id },
  },
  ...redeliverFailures.map(({ error }) => ({ type: 'xstate.error.actor.redeliver' as const, error })),
];

type Snapshot = { context: AlertForwardingContext; matches: (value: never) => boolean };

/**
 * Every fixed event, plus typing into the open dialog's fields (never what a field already holds), plus the edit's
 * success, whose answer is the stored configuration with the typed value: what the server would send back.
 */
export function alertForwardingEvents(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  const events = [...fixedEvents];
  const change = (field: AlertForwardingField, values: string[]) =>
    values.filter((value) => context.form[field] !== value).map((value) => ({ type: 'form.change', field, value }));
  if (snapshot.matches({ notConfigured: 'settingUp' } as never)) {
    events.push(...change('url', typed.url.setup), ...change('publicKey', typed.publicKey.setup));
  }
  if (snapshot.matches({ configured: 'editing' } as never) && context.editing) {
    events.push(...change(context.editing, typed[context.editing].edit));
  }
  if (snapshot.matches({ configured: 'savingEdit' } as never) && context.config) {
    const config =
      context.editing === 'url'
        ? { ...context.config, url: context.form.url }
        : { ...context.config, group_public_key: context.form.publicKey };
    events.push({ type: 'xstate.done.actor.saveEdit', output: { changed: true, config } });
    if (context.editing)
      events.push({ type: 'xstate.error.actor.saveEdit', error: editTooLong[context.editing].error });
  }
  return events;
}

/**
 * What the guards decide from the dialog's fields, the company id and whether the log (with its failed delivery) is
 * in; the rest of context changes nothing ahead.
 */
export function serializeAlertForwarding(snapshot: { value: unknown; context: AlertForwardingContext }) {
  const { value, context } = snapshot;
  const { form, editing, config } = context;
  const companyId = Boolean(config?.companyId);
  if (JSON.stringify(value) === JSON.stringify({ configured: 'idle' }))
    return { value, companyId, log: context.deliveries !== null };
  if (editing) {
    const problem = editing === 'url' ? webhookProblem(form.url) : rsaPublicKeyProblem(form.publicKey);
    const unchanged =
      editing === 'url' ? form.url === config?.url : isSameRsaPublicKey(form.publicKey, config?.group_public_key ?? '');
    return { value, companyId, editing, problem, unchanged };
  }
  if (JSON.stringify(value).includes('settingUp'))
    return { value, problem: webhookProblem(form.url) ?? rsaPublicKeyProblem(form.publicKey) };
  return { value, companyId };
}

export function describeAlertForwardingEvent(event: ModelEvent): string {
  const e = event as { type: string; field?: string; value?: string; error?: unknown; output?: unknown };
  const named = [
    ...loadFailures,
    ...setupFailures,
    ...editFailures,
    ...Object.values(editTooLong),
    ...renewFailures,
    clearFailure,
    stopFailure,
    logFailure,
    ...testFailures,
    ...redeliverFailures,
  ].find((f) => f.error === e.error);
  const short = (v: string) => (v.startsWith('-----BEGIN') ? (v === KEY_A ? 'KEY_A' : 'KEY_B') : JSON.stringify(v));
  if (e.type === 'form.change') return `${e.field} = ${short(e.value ?? '')}`;
  if (e.type === 'field.edit') return `edit ${e.field}`;
  if (e.type === 'delivery.redeliver') return `redeliver ${(event as { id?: string }).id}`;
  if (e.type.startsWith('xstate.done.actor.')) return `${e.type.slice(18)} succeeds`;
  if (e.type.startsWith('xstate.error.actor.')) return `${e.type.slice(19)} fails ${named?.label ?? ''}`.trim();
  return e.type;
}

/** What the headless test explores and `npm run paths` exports (machines/model-cases.ts). */
export const alertForwardingExplore: ExploreOptions = {
  input: { clientUid: CLIENT_UID },
  events: alertForwardingEvents,
  describeEvent: describeAlertForwardingEvent,
  serialize: serializeAlertForwarding,
};
