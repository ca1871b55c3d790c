import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDeferredActors, settleDeferred } from '#tests/support/model-harness.ts';
import { signupMachine } from './signup.machine.ts';
import { CAPTCHA_TOKEN, filled, submitFailures } from './signup.model-cases.ts';

/**
 * What the model's paths never take (the accepted form is explored once, whatever error it shows): a sign-up the
 * server refused, sent again. The refusal's words must not stay on the busy form (architecture.md §6).
 */
describe('signup: sent again after a refusal', () => {
  it('is busy without the last error', async () => {
    const deferred = createDeferredActors(['submitSignup', 'resendVerification']);
    const actor = createActor(signupMachine.provide({ actors: deferred.actors as never })).start();
    for (const [field, value] of Object.entries(filled))
      actor.send({ type: 'form.change', field: field as keyof typeof filled, value });
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'captcha.solve', token: CAPTCHA_TOKEN });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settleDeferred(deferred, {
      type: 'xstate.error.actor.submitSignup',
      error: submitFailures[0].error,
    } as never);
    expect(actor.getSnapshot().context.error).toEqual(submitFailures[0].failure);
    actor.send({ type: 'captcha.solve', token: `${CAPTCHA_TOKEN}-2` });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});
