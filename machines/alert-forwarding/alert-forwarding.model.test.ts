import { expect } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { AlertDeliveryEntry } from '#shared-domain/alert-delivery.ts';
import type { AlertForwardingConfig, AlertForwardingKeys } from '#shared-domain/alert-forwarding.ts';
import {
  createDeferredActors,
  type DeferredActors,
  describeModel,
  expectSameState,
  type ModelStep,
  settleDeferred,
} from '#tests/support/model-harness.ts';
import { UNCOPIED_SECRET } from '../shared/show-once.ts';
import type { AlertForwardingError, AlertForwardingFailure } from './alert-forwarding.errors.ts';
import {
  type AlertForwardingField,
  alertForwardingMachine,
  type DeliveryNotice,
  type DeliveryProblem,
} from './alert-forwarding.machine.ts';
import {
  ACTOR_IDS,
  type ActorId,
  alertForwardingExplore,
  BAD_KEY,
  BAD_URL,
  CLIENT_UID,
  clearFailure,
  editFailures,
  editTooLong,
  FAILED,
  LOG,
  loadFailures,
  logFailure,
  NO_SESSION,
  redeliverFailures,
  renewFailures,
  setupFailures,
  stopFailure,
  testFailures,
} from './alert-forwarding.model-cases.ts';

type Id = ActorId;
const IDS: readonly Id[] = ACTOR_IDS;

interface Ctx {
  actor: Actor<typeof alertForwardingMachine>;
  deferred: DeferredActors<Id>;
  /** What the server holds, what the user typed and what the page must show, tracked apart from the machine. */
  config: AlertForwardingConfig | null;
  keys: AlertForwardingKeys | null;
  typed: { url: string; publicKey: string };
  editing: AlertForwardingField | null;
  error: AlertForwardingFailure | null;
  sessionEnded: boolean;
  /** Whether the AES key on show was copied: until then, closing asks first. */
  copied: boolean;
  /** The delivery log as the server last answered it, and what the last log action left to say. */
  deliveries: AlertDeliveryEntry[] | null;
  notice: DeliveryNotice | null;
  problem: DeliveryProblem | null;
  /** The delivery Redeliver was pressed on. */
  redelivering: string | null;
}

const view = (ctx: Ctx) => ctx.actor.getSnapshot();
const can = (
  ctx: Ctx,
  type:
    | 'setup.open'
    | 'keys.renew'
    | 'data.clear'
    | 'v3.stop'
    | 'form.submit'
    | 'dialog.confirm'
    | 'dialog.close'
    | 'log.refresh'
    | 'test.send',
) => view(ctx).can({ type });

/** The page's own checks, written out again: https on a public host first, then a PEM PUBLIC KEY of 2048 bits. */
function expectedProblem(field: AlertForwardingField, value: string): AlertForwardingError | null {
  if (field === 'url') return value === '' || value === BAD_URL ? 'InvalidForwardAlertWebhook' : null;
  return value === '' || value === BAD_KEY ? 'InvalidRsaPublicKey' : null;
}

function failureOf(
  step: ModelStep,
  list: Array<{ error: unknown; code: AlertForwardingFailure }>,
): AlertForwardingFailure {
  return list.find((f) => f.error === (step.event as { error: unknown }).error)!.code;
}

/** A failed call: a 401 ends the session, anything else is the failure the dialog shows. */
function fail(step: ModelStep, ctx: Ctx, code: () => AlertForwardingFailure) {
  if ((step.event as { error: unknown }).error === NO_SESSION) ctx.sessionEnded = true;
  else ctx.error = code();
  return settleDeferred(ctx.deferred, step.event);
}

/** A delivery-log call failed: the log says which and why; a 401 logs in again instead. */
function failLog(
  step: ModelStep,
  ctx: Ctx,
  action: DeliveryProblem['action'],
  list: Array<{ error: unknown; code: AlertForwardingFailure }>,
) {
  ctx.redelivering = null;
  if ((step.event as { error: unknown }).error === NO_SESSION) ctx.sessionEnded = true;
  else ctx.problem = { action, failure: failureOf(step, list) };
  return settleDeferred(ctx.deferred, step.event);
}

function expectLog(ctx: Ctx) {
  expect(view(ctx).context).toMatchObject({
    deliveries: ctx.deliveries,
    deliveryNotice: ctx.notice,
    deliveryProblem: ctx.problem,
  });
}

function expectIdle(ctx: Ctx) {
  expect(view(ctx).context).toMatchObject({ config: ctx.config, keys: null, editing: null, error: null });
  expectLog(ctx);
  expect(can(ctx, 'log.refresh')).toBe(true);
  expect(can(ctx, 'test.send')).toBe(true);
  // Redeliver only a delivery that failed for good, never one still being tried (docs/api/alert-forwarding.md).
  expect(view(ctx).can({ type: 'delivery.redeliver', id: FAILED.id })).toBe(ctx.deliveries !== null);
  expect(view(ctx).can({ type: 'delivery.redeliver', id: LOG[0].id })).toBe(false);
  expect([can(ctx, 'keys.renew'), can(ctx, 'data.clear')]).toEqual([true, true]);
  expect(view(ctx).can({ type: 'field.edit', field: 'url' })).toBe(true);
  // product.md §2: Stop Sending V3 Alerts only while there is a company id.
  expect(can(ctx, 'v3.stop')).toBe(Boolean(ctx.config?.companyId));
}

function expectDialogError(ctx: Ctx) {
  expect(view(ctx).context.error).toEqual(ctx.error);
}

function expectBusy(ctx: Ctx, id: Id) {
  expect(view(ctx).hasTag('busy')).toBe(true);
  // The dialog's last error goes as its request leaves: a new answer is awaited.
  expectDialogError(ctx);
  expect(can(ctx, 'dialog.close')).toBe(false);
  expect(ctx.deferred.pending(id)).toBe(1);
}

function expectKeys(snapshot: unknown, ctx: Ctx) {
  expectSameState(view(ctx), snapshot as never);
  expect(view(ctx).context.keys).toEqual(ctx.keys);
  expect(view(ctx).context.config).toEqual(ctx.config);
}

describeModel(alertForwardingMachine, {
  ...alertForwardingExplore,
  setup: (): Ctx => {
    const deferred = createDeferredActors<Id>([...IDS]);
    const actor = createActor(alertForwardingMachine.provide({ actors: deferred.actors as never }), {
      input: { clientUid: CLIENT_UID },
    }).start();
    const typed = { url: '', publicKey: '' };
    return {
      actor,
      deferred,
      config: null,
      keys: null,
      typed,
      editing: null,
      error: null,
      sessionEnded: false,
      copied: false,
      deliveries: null,
      notice: null,
      problem: null,
      redelivering: null,
    };
  },
  teardown: (ctx) => ctx.actor.stop(),
  exec: {
    'setup.open': (_step, ctx) => {
      ctx.typed = { url: '', publicKey: '' };
      ctx.error = null;
      ctx.actor.send({ type: 'setup.open' });
    },
    'field.edit': (step, ctx) => {
      const field = (step.event as unknown as { field: AlertForwardingField }).field;
      ctx.editing = field;
      ctx.error = null;
      ctx.typed = { url: ctx.config!.url, publicKey: ctx.config!.group_public_key };
      ctx.actor.send({ type: 'field.edit', field });
    },
    'form.change': (step, ctx) => {
      const { field, value } = step.event as unknown as { field: AlertForwardingField; value: string };
      ctx.typed[field] = value;
      ctx.actor.send({ type: 'form.change', field, value });
    },
    'form.submit': (step, ctx) => {
      const settingUp = step.previous!.matches({ notConfigured: 'settingUp' });
      ctx.error = settingUp
        ? (expectedProblem('url', ctx.typed.url) ?? expectedProblem('publicKey', ctx.typed.publicKey))
        : expectedProblem(ctx.editing!, ctx.typed[ctx.editing!]);
      // An edit that changes nothing closes without a call (product.md §5).
      if (step.snapshot.matches({ configured: 'idle' })) ctx.editing = null;
      ctx.actor.send({ type: 'form.submit' });
    },
    'keys.renew': (_step, ctx) => ctx.actor.send({ type: 'keys.renew' }),
    'data.clear': (_step, ctx) => ctx.actor.send({ type: 'data.clear' }),
    'v3.stop': (_step, ctx) => ctx.actor.send({ type: 'v3.stop' }),
    'dialog.confirm': (_step, ctx) => {
      ctx.error = null;
      ctx.actor.send({ type: 'dialog.confirm' });
    },
    'dialog.close': (step, ctx) => {
      // Keys not yet copied stay on show: closing only asks.
      if (!step.previous!.matches({ configured: { showKeys: 'uncopied' } })) {
        ctx.error = null;
        ctx.editing = null;
        ctx.keys = null;
      }
      ctx.actor.send({ type: 'dialog.close' });
    },
    'secret.copy': (_step, ctx) => {
      ctx.copied = true;
      ctx.actor.send({ type: 'secret.copy' });
    },
    'discard.confirm': (_step, ctx) => {
      ctx.keys = null;
      ctx.actor.send({ type: 'discard.confirm' });
    },
    'discard.cancel': (_step, ctx) => ctx.actor.send({ type: 'discard.cancel' }),
    'xstate.done.actor.loadConfig': (step, ctx) => {
      ctx.config = (step.event as { output: AlertForwardingConfig }).output;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.loadConfig': (step, ctx) => {
      const outcome = loadFailures.find((f) => f.error === (step.event as { error: unknown }).error)!.outcome;
      ctx.sessionEnded = outcome === 'sessionEnded';
      ctx.error =
        outcome === 'accessDenied' || outcome === 'notConfigured' || outcome === 'sessionEnded' ? null : outcome;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.done.actor.saveSetup': (step, ctx) => {
      ctx.copied = false;
      ctx.keys = (step.event as { output: AlertForwardingKeys }).output;
      ctx.config = ctx.keys.config;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.saveSetup': (step, ctx) => fail(step, ctx, () => failureOf(step, setupFailures)),
    'xstate.done.actor.saveEdit': (step, ctx) => {
      ctx.config = (step.event as { output: { config: AlertForwardingConfig } }).output.config;
      ctx.editing = null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.saveEdit': (step, ctx) =>
      fail(step, ctx, () => failureOf(step, [...editFailures, ...Object.values(editTooLong)])),
    'xstate.done.actor.renewKeys': (step, ctx) => {
      ctx.copied = false;
      ctx.keys = (step.event as { output: AlertForwardingKeys }).output;
      ctx.config = ctx.keys.config;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.renewKeys': (step, ctx) => fail(step, ctx, () => failureOf(step, renewFailures)),
    'xstate.done.actor.clearData': (step, ctx) => {
      ctx.config = null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.clearData': (step, ctx) => fail(step, ctx, () => clearFailure.code),
    'xstate.done.actor.stopV3Alerts': (step, ctx) => {
      ctx.config = { ...ctx.config!, companyId: null };
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.stopV3Alerts': (step, ctx) => fail(step, ctx, () => stopFailure.code),
    'log.refresh': (_step, ctx) => {
      ctx.notice = null;
      ctx.problem = null;
      ctx.actor.send({ type: 'log.refresh' });
    },
    'test.send': (_step, ctx) => {
      ctx.notice = null;
      ctx.problem = null;
      ctx.actor.send({ type: 'test.send' });
    },
    'delivery.redeliver': (step, ctx) => {
      const { id } = step.event as unknown as { id: string };
      ctx.notice = null;
      ctx.problem = null;
      ctx.redelivering = id;
      ctx.actor.send({ type: 'delivery.redeliver', id });
    },
    'xstate.done.actor.loadDeliveries': (step, ctx) => {
      ctx.deliveries = (step.event as { output: AlertDeliveryEntry[] }).output;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.loadDeliveries': (step, ctx) => failLog(step, ctx, 'load', [logFailure]),
    'xstate.done.actor.sendTestAlert': (step, ctx) => {
      ctx.notice = 'testQueued';
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.sendTestAlert': (step, ctx) => failLog(step, ctx, 'test', testFailures),
    'xstate.done.actor.redeliver': (step, ctx) => {
      ctx.notice = 'redeliveryQueued';
      ctx.redelivering = null;
      return settleDeferred(ctx.deferred, step.event);
    },
    'xstate.error.actor.redeliver': (step, ctx) => failLog(step, ctx, 'redeliver', redeliverFailures),
  },
  states: {
    loading: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'loadConfig');
      expect(ctx.deferred.lastInput('loadConfig')).toEqual({ clientUid: CLIENT_UID });
    },
    accessDenied: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).status).toBe('done');
    },
    sessionEnded: (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(ctx.sessionEnded).toBe(true);
      expect(view(ctx).status).toBe('done');
    },
    'notConfigured.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context).toMatchObject({ config: null, keys: null, error: null });
      expect(can(ctx, 'setup.open')).toBe(true);
      expect(can(ctx, 'keys.renew')).toBe(false);
    },
    'notConfigured.showError': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('error')).toBe(true);
      expect(ctx.error).not.toBeNull();
      expectDialogError(ctx);
      expect(can(ctx, 'setup.open')).toBe(false);
    },
    'notConfigured.settingUp': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.form).toEqual(ctx.typed);
      expectDialogError(ctx);
      expect(can(ctx, 'form.submit')).toBe(true);
    },
    'notConfigured.savingSetup': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'saveSetup');
      expect([expectedProblem('url', ctx.typed.url), expectedProblem('publicKey', ctx.typed.publicKey)]).toEqual([
        null,
        null,
      ]);
      expect(ctx.deferred.lastInput('saveSetup')).toEqual({
        clientUid: CLIENT_UID,
        payload: { url: ctx.typed.url, public_rsa_key: ctx.typed.publicKey.trim() },
      });
    },
    'configured.idle': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectIdle(ctx);
    },
    'configured.loadingLog': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      // What an edit saved is what the page now holds; the AES key went with its dialog.
      expect(view(ctx).context).toMatchObject({ config: ctx.config, keys: null });
      // A new answer is awaited: no earlier failure of the log stays.
      expect(view(ctx).context.deliveryProblem).toBeNull();
      expect(view(ctx).context.deliveryNotice).toBe(ctx.notice);
      expect(ctx.deferred.pending('loadDeliveries')).toBe(1);
      expect(ctx.deferred.lastInput('loadDeliveries')).toEqual({ clientUid: CLIENT_UID });
      expect([can(ctx, 'test.send'), can(ctx, 'keys.renew')]).toEqual([false, false]);
    },
    'configured.sendingTest': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expectLog(ctx);
      expect(ctx.deferred.pending('sendTestAlert')).toBe(1);
      expect(ctx.deferred.lastInput('sendTestAlert')).toEqual({ clientUid: CLIENT_UID });
      expect(can(ctx, 'log.refresh')).toBe(false);
    },
    'configured.redelivering': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).hasTag('busy')).toBe(true);
      expectLog(ctx);
      expect(ctx.redelivering).toBe(FAILED.id);
      expect(ctx.deferred.pending('redeliver')).toBe(1);
      expect(ctx.deferred.lastInput('redeliver')).toEqual({ clientUid: CLIENT_UID, deliveryId: FAILED.id });
    },
    'configured.editing': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expect(view(ctx).context.editing).toBe(ctx.editing);
      expect(view(ctx).context.form[ctx.editing!]).toBe(ctx.typed[ctx.editing!]);
      expectDialogError(ctx);
    },
    'configured.savingEdit': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'saveEdit');
      // product.md §5: only a valid value that differs from the stored one is ever sent.
      const field = ctx.editing!;
      expect(expectedProblem(field, ctx.typed[field])).toBeNull();
      expect(ctx.typed[field]).not.toBe(field === 'url' ? ctx.config!.url : ctx.config!.group_public_key);
      const payload = ctx.editing === 'url' ? { url: ctx.typed.url } : { public_rsa_key: ctx.typed.publicKey.trim() };
      expect(ctx.deferred.lastInput('saveEdit')).toEqual({ clientUid: CLIENT_UID, payload });
    },
    'configured.confirmRenew': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectDialogError(ctx);
      expect(can(ctx, 'dialog.confirm')).toBe(true);
    },
    'configured.renewing': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'renewKeys');
      expect(ctx.deferred.lastInput('renewKeys')).toEqual({ clientUid: CLIENT_UID });
    },
    'configured.showKeys.uncopied': (snapshot, ctx) => {
      expectKeys(snapshot, ctx);
      expect(ctx.copied).toBe(false);
      // Escape and clicks outside must not lose the AES key; Close asks first.
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect(view(ctx).can({ type: 'discard.confirm' })).toBe(false);
    },
    'configured.showKeys.confirmDiscard': (snapshot, ctx) => {
      expectKeys(snapshot, ctx);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(true);
      expect([view(ctx).can({ type: 'discard.confirm' }), view(ctx).can({ type: 'discard.cancel' })]).toEqual([
        true,
        true,
      ]);
    },
    'configured.showKeys.copied': (snapshot, ctx) => {
      expectKeys(snapshot, ctx);
      expect(ctx.copied).toBe(true);
      expect(view(ctx).hasTag(UNCOPIED_SECRET)).toBe(false);
    },
    'configured.confirmClear': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectDialogError(ctx);
      expect(view(ctx).context.config).toEqual(ctx.config);
    },
    'configured.clearing': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'clearData');
      expect(ctx.deferred.lastInput('clearData')).toEqual({ clientUid: CLIENT_UID });
    },
    'configured.confirmStopV3': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectDialogError(ctx);
      expect(ctx.config?.companyId).toBeTruthy();
    },
    'configured.stoppingV3': (snapshot, ctx) => {
      expectSameState(view(ctx), snapshot);
      expectBusy(ctx, 'stopV3Alerts');
    },
  },
});
