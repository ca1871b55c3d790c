import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { noVerdict, refusedAs } from '../shared/failures.oracle.ts';
import type { SignupVerifyContext, VerifyAccountOutput } from './signup-verify.machine.ts';

/**
 * The activation page by the product's rules, written by hand (product.md §2.2 "Activation", §8, docs/api/signup-links.md):
 * an activated account shows its region; a link opened again says the account is already active; a check without
 * the server's verdict offers Retry; any other refusal calls the link invalid and offers a new mail, as often as the
 * reader asks, until the server says the account is verified.
 */
export const signupVerifyOracle = defineOracle<SignupVerifyContext>()({
  machine: 'signup-verify',
  events: [
    'verify.retry',
    'resend.request',
    'xstate.done.actor.verifyAccount',
    'xstate.error.actor.verifyAccount',
    'xstate.done.actor.resendVerification',
    'xstate.error.actor.resendVerification',
  ],
  conditions: {
    'the account was verified before': ({ event }) => (event.output as VerifyAccountOutput).alreadyVerified,
    'no verdict on the link (no answer, 5xx, 408 or 429)': noVerdict,
    'the account is already verified': refusedAs('AlreadyVerified'),
  },
  states: {
    verifying: {
      accepts: [
        { event: 'xstate.done.actor.verifyAccount', when: 'the account was verified before', to: 'alreadyActive' },
        { event: 'xstate.done.actor.verifyAccount', when: 'otherwise', to: 'activated' },
        {
          event: 'xstate.error.actor.verifyAccount',
          when: 'no verdict on the link (no answer, 5xx, 408 or 429)',
          to: 'failed',
        },
        // The server's verdict on the link: InvalidToken or ValidationError, the only refusals it answers here.
        { event: 'xstate.error.actor.verifyAccount', when: 'otherwise', to: 'invalid' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    activated: { accepts: [], ignores: EVERY_OTHER_EVENT },
    alreadyActive: { accepts: [], ignores: EVERY_OTHER_EVENT },
    failed: { accepts: [{ event: 'verify.retry', to: 'verifying' }], ignores: EVERY_OTHER_EVENT },
    invalid: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'invalid.idle': { accepts: [{ event: 'resend.request', to: 'invalid.resending' }], ignores: EVERY_OTHER_EVENT },
    'invalid.resending': {
      accepts: [
        { event: 'xstate.done.actor.resendVerification', to: 'invalid.resent' },
        {
          event: 'xstate.error.actor.resendVerification',
          when: 'the account is already verified',
          to: 'invalid.alreadyVerified',
        },
        { event: 'xstate.error.actor.resendVerification', when: 'otherwise', to: 'invalid.resendFailed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    // The server limits resends; the page never stops a reader from asking again.
    'invalid.resent': { accepts: [{ event: 'resend.request', to: 'invalid.resending' }], ignores: EVERY_OTHER_EVENT },
    'invalid.resendFailed': {
      accepts: [{ event: 'resend.request', to: 'invalid.resending' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'invalid.alreadyVerified': { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
