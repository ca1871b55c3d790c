import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { passwordResetMachine } from './password-reset.machine.ts';
import { changeFailures, PASSWORD_RESET_INPUT, VALID_PASSWORD } from './password-reset.model-cases.ts';

/**
 * What the model's paths never take (the form is explored once per password, whatever error it shows): a change the
 * server refused, sent again. The refusal's words must not stay on the busy form (architecture.md §6).
 */
describe('password reset: sent again after a failure', () => {
  it('is busy without the last error', async () => {
    const deferred = createDeferredActors(['checkResetToken', 'changePassword']);
    const actor = createActor(passwordResetMachine.provide({ actors: deferred.actors as never }), {
      input: PASSWORD_RESET_INPUT,
    }).start();
    await settleDeferred(deferred, { type: 'xstate.done.actor.checkResetToken', output: undefined } as never);
    expect(actor.getSnapshot().value).toBe('valid');
    actor.send({ type: 'form.change', value: VALID_PASSWORD });
    actor.send({ type: 'form.submit' });
    await settleDeferred(deferred, {
      type: 'xstate.error.actor.changePassword',
      error: changeFailures[0].error,
    } as never);
    expect(actor.getSnapshot().context.error).toEqual(changeFailures[0].failure);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
