import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { authorizedAppsMachine } from './authorized-apps.machine.ts';
import { CARE, OWNER_LIST, removeFailures } from './authorized-apps.model-cases.ts';

/**
 * What the model's paths never take (ready is explored once, whatever error it shows): a removal that failed, then
 * tried again. The error above the table belongs to the last attempt; asking again takes it away (architecture.md §6).
 */
describe('authorized apps: removing again after a failure', () => {
  it('asks without the last error', async () => {
    const deferred = createDeferredActors(['loadApps', 'revokeApp']);
    const actor = createActor(authorizedAppsMachine.provide({ actors: deferred.actors as never })).start();
    await settleDeferred(deferred, { type: 'xstate.done.actor.loadApps', output: OWNER_LIST } as never);
    actor.send({ type: 'app.remove', clientId: CARE.clientId });
    actor.send({ type: 'dialog.confirm' });
    await settleDeferred(deferred, { type: 'xstate.error.actor.revokeApp', error: removeFailures[0].error } as never);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe(removeFailures[0].code);
    actor.send({ type: 'app.remove', clientId: CARE.clientId });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
