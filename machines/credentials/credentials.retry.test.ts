import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { credentialsMachine } from './credentials.machine.ts';
import {
  CREDENTIALS_ACTOR_IDS,
  changeFailures,
  deleteFailures,
  loadFailures,
  OVERVIEW,
  ROW_B,
} from './credentials.model-cases.ts';

/**
 * What the model's paths never take (each state is explored once, whatever error it shows): a failure, then the
 * same thing again. The last error must not outlive it (architecture.md §6), and the row acted on is the one chosen.
 */
function start() {
  const deferred = createDeferredActors([...CREDENTIALS_ACTOR_IDS]);
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

  it.for([
    ['secret.change', 'changeSecret', { clientId: ROW_B.client_id }, changeFailures[0], 'changing'],
    ['grant.delete', 'deleteCredential', { id: ROW_B.id }, deleteFailures[0], 'deleting'],
  ] as const)(
    '%s on the chosen row, then again without the last error',
    async ([event, actor, input, failure, busy]) => {
      const t = await listed();
      t.actor.send({ type: event, id: ROW_B.id });
      t.actor.send({ type: 'dialog.confirm' });
      expect(t.deferred.lastInput(actor)).toEqual(input);
      await t.settle(`xstate.error.actor.${actor}`, { error: failure.error });
      expect(t.context().actionError).toBe(failure.code);
      t.actor.send({ type: 'dialog.confirm' });
      expect(t.actor.getSnapshot().matches({ list: busy })).toBe(true);
      expect(t.context().actionError).toBeNull();
      t.actor.stop();
    },
  );
});
