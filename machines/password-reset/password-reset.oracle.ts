import { validatePassword } from '#shared-domain/password.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { noVerdict } from '../shared/failures.oracle.ts';
import type { PasswordResetContext } from './password-reset.machine.ts';

/**
 * The password reset page by the product's rules, written by hand (product.md §2.2 "Password reset", §4 "Password
 * change", §5 "Password", §8 "Password change"): the token is checked first; a link the server judged is invalid for
 * good, a check without its verdict offers Retry; a password that breaks a rule is not sent; a failed change shows
 * the form again; success hides it.
 */
export const passwordResetOracle = defineOracle<PasswordResetContext>()({
  machine: 'password-reset',
  events: [
    'form.change',
    'form.submit',
    'check.retry',
    'xstate.done.actor.checkResetToken',
    'xstate.error.actor.checkResetToken',
    'xstate.done.actor.changePassword',
    'xstate.error.actor.changePassword',
  ],
  conditions: {
    'no verdict on the link (no answer, 5xx, 408 or 429)': noVerdict,
    // §5: 10 to 32 characters with a digit, an uppercase and a lowercase letter.
    'the password breaks a rule': ({ context }) => validatePassword(context.password) !== null,
  },
  states: {
    loading: {
      accepts: [
        { event: 'xstate.done.actor.checkResetToken', to: 'valid' },
        {
          event: 'xstate.error.actor.checkResetToken',
          when: 'no verdict on the link (no answer, 5xx, 408 or 429)',
          to: 'checkFailed',
        },
        // The server's verdict: the token is unknown, used or expired.
        { event: 'xstate.error.actor.checkResetToken', when: 'otherwise', to: 'invalid' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    checkFailed: { accepts: [{ event: 'check.retry', to: 'loading' }], ignores: EVERY_OTHER_EVENT },
    valid: {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'form.submit', when: 'the password breaks a rule', to: 'valid' },
        { event: 'form.submit', when: 'otherwise', to: 'submitting' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    submitting: {
      accepts: [
        { event: 'xstate.done.actor.changePassword', to: 'success' },
        { event: 'xstate.error.actor.changePassword', to: 'valid' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    success: { accepts: [], ignores: EVERY_OTHER_EVENT },
    invalid: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
