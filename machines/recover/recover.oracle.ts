import { validateEmail } from '#shared-domain/email.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import type { RecoverContext } from './recover.machine.ts';

/**
 * The recovery page by the product's rules, written by hand (product.md §2.2 "Recover", §4 "Recovery", §5 "Email",
 * §8 "Recovery"): idle, sending, then the confirmation or the error; an email that is empty or malformed is not sent;
 * the form stays usable after an error; Resend from the confirmation, which stays whatever the resend answered.
 */
const formRows = [
  { event: 'form.change', to: null },
  { event: 'form.submit', when: 'the email is empty or malformed', to: 'error' },
  { event: 'form.submit', when: 'otherwise', to: 'sending' },
] as const;

export const recoverOracle = defineOracle<RecoverContext>()({
  machine: 'recover',
  events: [
    'form.change',
    'form.submit',
    'recovery.resend',
    'xstate.done.actor.sendRecovery',
    'xstate.error.actor.sendRecovery',
    'xstate.done.actor.resendRecovery',
    'xstate.error.actor.resendRecovery',
  ],
  conditions: {
    'the email is empty or malformed': ({ context }) => validateEmail(context.email) !== null,
  },
  states: {
    idle: { accepts: formRows, ignores: EVERY_OTHER_EVENT },
    sending: {
      accepts: [
        { event: 'xstate.done.actor.sendRecovery', to: 'success' },
        { event: 'xstate.error.actor.sendRecovery', to: 'error' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    error: { accepts: formRows, ignores: EVERY_OTHER_EVENT },
    success: { accepts: [{ event: 'recovery.resend', to: 'resending' }], ignores: EVERY_OTHER_EVENT },
    resending: {
      accepts: [
        { event: 'xstate.done.actor.resendRecovery', to: 'success' },
        { event: 'xstate.error.actor.resendRecovery', to: 'success' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
  },
});
