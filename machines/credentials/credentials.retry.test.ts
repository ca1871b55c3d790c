import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { credentialsMachine } from './credentials.machine.ts';
import { changeFailures, deleteFailures, loadFailures, OVERVIEW, ROW_B } from './credentials.model-cases.ts';

/**
 * What the model's paths never take (each state is explored once, whatever error it shows): a failure, then the
 * same thing again. The last error must not outlive it (architecture.md §6), and the row acted on is the one chosen.
 */
function start() {
  const deferred = createDeferredActors([
    'loadCredentials',
    'changeSecret',
    'deleteCredential',
    'endSession',
    'createGrant',
  ]);
  const actor = createActor(credentialsMachine.provide({ actors: deferred.actors as never })).start();
  const settle = (type: string, payload: { output?: unknown; error?: unknown }) =>
    settleDeferred(deferred, { type, ...payload } as never);
  return { actor, deferred, settle, context: () => actor.getSnapshot().context };
}

async function listed() {
  const t = start();
  await t.settle('xstate.done.actor.loadCredentials', { output: OVERVIEW });
  expect(t.actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
  return t;
}

describe('credentials: tried again after a failure', () => {
  it('a list loaded after a failed load shows no load error', async () => {
    const t = start();
    const failure = loadFailures.find((f) => f.code === 'AuthenticationError')!;
    await t.settle('xstate.error.actor.loadCredentials', { error: failure.error });
    t.actor.send({ type: 'dialog.close' });
    expect(t.actor.getSnapshot().value).toBe('failed');
    t.actor.send({ type: 'list.refresh' });
    await t.settle('xstate.done.actor.loadCredentials', { output: OVERVIEW });
    expect(t.actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    expect(t.context().loadError).toBeNull();
    t.actor.stop();
  });

  it("changes the chosen row's secret, and again without the last error", async () => {
    const t = await listed();
    t.actor.send({ type: 'secret.change', id: ROW_B.id });
    t.actor.send({ type: 'dialog.confirm' });
    expect(t.deferred.lastInput('changeSecret')).toEqual({ clientId: ROW_B.client_id });
    await t.settle('xstate.error.actor.changeSecret', { error: changeFailures[0].error });
    expect(t.context().actionError).toBe(changeFailures[0].code);
    t.actor.send({ type: 'dialog.confirm' });
    expect(t.actor.getSnapshot().matches({ list: 'changing' })).toBe(true);
    expect(t.context().actionError).toBeNull();
    t.actor.stop();
  });

  it('deletes again without the last error', async () => {
    const t = await listed();
    t.actor.send({ type: 'grant.delete', id: ROW_B.id });
    t.actor.send({ type: 'dialog.confirm' });
    expect(t.deferred.lastInput('deleteCredential')).toEqual({ id: ROW_B.id });
    await t.settle('xstate.error.actor.deleteCredential', { error: deleteFailures[0].error });
    expect(t.context().actionError).toBe(deleteFailures[0].code);
    t.actor.send({ type: 'dialog.confirm' });
    expect(t.actor.getSnapshot().matches({ list: 'deleting' })).toBe(true);
    expect(t.context().actionError).toBeNull();
    t.actor.stop();
  });
});
