import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { alertForwardingMachine } from './alert-forwarding.machine.ts';
import {
  ACTOR_IDS,
  BAD_URL,
  CLIENT_UID,
  CONFIG,
  clearFailure,
  editFailures,
  KEY_A,
  LOG,
  renewFailures,
  SETUP_KEYS,
  setupFailures,
  stopFailure,
  URL_A,
  URL_B,
} from './alert-forwarding.model-cases.ts';

/**
 * What the model's paths never take (each dialog state is explored once, whatever error it shows): a dialog that
 * failed and is then tried again, closed or opened anew. Its last error must never outlive it (architecture.md §6: a
 * busy or confirm screen shows no stale error), a new set-up starts blank, and what is sent or compared is the trimmed value.
 */

function start() {
  const deferred = createDeferredActors([...ACTOR_IDS]);
  const actor = createActor(alertForwardingMachine.provide({ actors: deferred.actors as never }), {
    input: { clientUid: CLIENT_UID },
  }).start();
  const settle = (type: string, payload: { output?: unknown; error?: unknown }) =>
    settleDeferred(deferred, { type, ...payload } as never);
  return { actor, deferred, settle, context: () => actor.getSnapshot().context };
}

async function notConfigured() {
  const t = start();
  await t.settle('xstate.error.actor.loadConfig', { error: clearFailure.error });
  expect(t.actor.getSnapshot().matches({ notConfigured: 'idle' })).toBe(true);
  return t;
}

async function configured() {
  const t = start();
  await t.settle('xstate.done.actor.loadConfig', { output: CONFIG });
  await t.settle('xstate.done.actor.loadDeliveries', { output: LOG });
  expect(t.actor.getSnapshot().matches({ configured: 'idle' })).toBe(true);
  return t;
}

const [setupFailure] = setupFailures;

describe('alert forwarding: the set-up dialog', () => {
  it('opens blank after one was closed half typed with an error', async () => {
    const t = await notConfigured();
    t.actor.send({ type: 'setup.open' });
    t.actor.send({ type: 'form.change', field: 'url', value: BAD_URL });
    t.actor.send({ type: 'form.submit' });
    expect(t.context().error).toBe('InvalidForwardAlertWebhook');
    t.actor.send({ type: 'dialog.close' });
    expect(t.context().error).toBeNull();
    t.actor.send({ type: 'setup.open' });
    expect(t.context()).toMatchObject({ form: { url: '', publicKey: '' }, error: null });
    t.actor.stop();
  });

  it('sends again without the last failure, trimmed', async () => {
    const t = await notConfigured();
    t.actor.send({ type: 'setup.open' });
    t.actor.send({ type: 'form.change', field: 'url', value: ` ${URL_A} ` });
    t.actor.send({ type: 'form.change', field: 'publicKey', value: KEY_A });
    t.actor.send({ type: 'form.submit' });
    expect(t.deferred.lastInput('saveSetup')).toEqual({
      clientUid: CLIENT_UID,
      payload: { url: URL_A, public_rsa_key: KEY_A.trim() },
    });
    await t.settle('xstate.error.actor.saveSetup', { error: setupFailure.error });
    expect(t.context().error).toEqual(setupFailure.code);
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().matches({ notConfigured: 'savingSetup' })).toBe(true);
    expect(t.context().error).toBeNull();
    await t.settle('xstate.done.actor.saveSetup', { output: SETUP_KEYS });
    expect(t.actor.getSnapshot().matches({ configured: { showKeys: 'uncopied' } })).toBe(true);
    t.actor.stop();
  });
});

describe('alert forwarding: the edit dialog', () => {
  it('takes a stored address with spaces around it as unchanged: no call', async () => {
    const t = await configured();
    t.actor.send({ type: 'field.edit', field: 'url' });
    t.actor.send({ type: 'form.change', field: 'url', value: `  ${CONFIG.url}\t` });
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().matches({ configured: 'idle' })).toBe(true);
    expect(t.deferred.pending('saveEdit')).toBe(0);
    t.actor.stop();
  });

  it('sends the address trimmed, and again without the last failure', async () => {
    const t = await configured();
    t.actor.send({ type: 'field.edit', field: 'url' });
    t.actor.send({ type: 'form.change', field: 'url', value: ` ${URL_B} ` });
    t.actor.send({ type: 'form.submit' });
    expect(t.deferred.lastInput('saveEdit')).toEqual({ clientUid: CLIENT_UID, payload: { url: URL_B } });
    await t.settle('xstate.error.actor.saveEdit', { error: editFailures[0].error });
    expect(t.context().error).toBe(editFailures[0].code);
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().matches({ configured: 'savingEdit' })).toBe(true);
    expect(t.context().error).toBeNull();
    t.actor.stop();
  });
});

describe.each([
  { open: 'keys.renew', asking: 'confirmRenew', working: 'renewing', id: 'renewKeys', error: renewFailures[0].error },
  { open: 'data.clear', asking: 'confirmClear', working: 'clearing', id: 'clearData', error: clearFailure.error },
  { open: 'v3.stop', asking: 'confirmStopV3', working: 'stoppingV3', id: 'stopV3Alerts', error: stopFailure.error },
] as const)('alert forwarding: $asking after a failure', ({ open, asking, working, id, error }) => {
  async function failedOnce() {
    const t = await configured();
    t.actor.send({ type: open });
    t.actor.send({ type: 'dialog.confirm' });
    await t.settle(`xstate.error.actor.${id}`, { error });
    expect(t.actor.getSnapshot().matches({ configured: asking })).toBe(true);
    expect(t.context().error).not.toBeNull();
    return t;
  }

  it('works again without the last error', async () => {
    const t = await failedOnce();
    t.actor.send({ type: 'dialog.confirm' });
    expect(t.actor.getSnapshot().matches({ configured: working })).toBe(true);
    expect(t.context().error).toBeNull();
    t.actor.stop();
  });

  it('closes to the page without it', async () => {
    const t = await failedOnce();
    t.actor.send({ type: 'dialog.close' });
    expect(t.actor.getSnapshot().matches({ configured: 'idle' })).toBe(true);
    expect(t.context().error).toBeNull();
    t.actor.stop();
  });
});
