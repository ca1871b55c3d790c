import { validateSignup } from '#shared-domain/account.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { noVerdict, refusedAs } from '../shared/failures.oracle.ts';
import type { SignupContext } from '../signup/signup.machine.ts';

/**
 * The invited signup page by the product's rules, written by hand (product.md §2.2 "Invited sign-up", §5 "Signup",
 * docs/api/invitations.md): the link is checked first and its address is the account's, read-only; a dead link says
 * why, a check without the server's verdict offers Retry; no captcha; a form refused for the link's sake checks the
 * link again to say why (the terms as they were left when it still works); nothing to verify after success.
 */
export const signupInvitedOracle = defineOracle<SignupContext>()({
  machine: 'signup-invited',
  events: [
    'form.change',
    'terms.accept',
    'terms.decline',
    'captcha.solve',
    'captcha.expire',
    'form.submit',
    'check.retry',
    'resend.request',
    'xstate.done.actor.checkInvitation',
    'xstate.error.actor.checkInvitation',
    'xstate.done.actor.submitSignup',
    'xstate.error.actor.submitSignup',
  ],
  conditions: {
    'the terms were ticked before (back from a refused form)': ({ context }) => context.acceptTerms,
    'no verdict on the link (no answer, 5xx, 408 or 429)': noVerdict,
    'the field is not the email (the invitation fixed it)': ({ event }) => event.field !== 'email',
    'a field breaks a rule': ({ context }) => validateSignup(context) !== null,
    // The link is no longer a live invitation for that email, or the email got an account meanwhile.
    'the link was refused (InvalidToken, EmailAlreadyRegistered)': refusedAs('InvalidToken', 'EmailAlreadyRegistered'),
  },
  states: {
    checking: {
      accepts: [
        {
          event: 'xstate.done.actor.checkInvitation',
          when: 'the terms were ticked before (back from a refused form)',
          to: 'editing.termsAccepted',
        },
        { event: 'xstate.done.actor.checkInvitation', when: 'otherwise', to: 'editing' },
        {
          event: 'xstate.error.actor.checkInvitation',
          when: 'no verdict on the link (no answer, 5xx, 408 or 429)',
          to: 'checkFailed',
        },
        { event: 'xstate.error.actor.checkInvitation', when: 'otherwise', to: 'invalid' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    checkFailed: { accepts: [{ event: 'check.retry', to: 'checking' }], ignores: EVERY_OTHER_EVENT },
    invalid: { accepts: [], ignores: EVERY_OTHER_EVENT },
    editing: {
      accepts: [{ event: 'form.change', when: 'the field is not the email (the invitation fixed it)', to: null }],
      ignores: EVERY_OTHER_EVENT,
    },
    'editing.termsPending': {
      accepts: [{ event: 'terms.accept', to: 'editing.termsAccepted' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'editing.termsAccepted': {
      accepts: [
        { event: 'terms.decline', to: 'editing.termsPending' },
        { event: 'form.submit', when: 'a field breaks a rule', to: null },
        { event: 'form.submit', when: 'otherwise', to: 'submitting' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    submitting: {
      accepts: [
        { event: 'xstate.done.actor.submitSignup', to: 'signedUp' },
        {
          event: 'xstate.error.actor.submitSignup',
          when: 'the link was refused (InvalidToken, EmailAlreadyRegistered)',
          to: 'checking',
        },
        { event: 'xstate.error.actor.submitSignup', when: 'otherwise', to: 'editing.termsAccepted' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    signedUp: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
