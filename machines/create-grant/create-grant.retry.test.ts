import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { createGrantMachine } from './create-grant.machine.ts';
import { APP_NAME, createFailures, INPUT } from './create-grant.model-cases.ts';

/**
 * What the model's paths never take (each state is explored once, whatever error it shows): a create that failed,
 * then back to the types or sent again. The last error must not outlive it (architecture.md §6); the name goes trimmed.
 */
async function failedOnce() {
  const deferred = createDeferredActors(['submitGrant']);
  const actor = createActor(createGrantMachine.provide({ actors: deferred.actors as never }), { input: INPUT }).start();
  actor.send({ type: 'type.choose', grantType: 'client_credentials' });
  actor.send({ type: 'form.change', field: 'applicationName', value: `  ${APP_NAME} ` });
  actor.send({ type: 'form.submit' });
  expect(deferred.lastInput('submitGrant')).toEqual({ grant_type: 'client_credentials', application_name: APP_NAME });
  await settleDeferred(deferred, { type: 'xstate.error.actor.submitGrant', error: createFailures[0].error } as never);
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.error).toEqual(createFailures[0].code);
  return actor;
}

describe('create grant: after a failed create', () => {
  it.for([
    ['form.submit', 'creating'],
    ['form.back', 'choosing'],
  ] as const)('%s then goes on without the last error', async ([event, state]) => {
    const actor = await failedOnce();
    actor.send({ type: event });
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
