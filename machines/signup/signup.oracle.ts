import { validateSignup } from '#shared-domain/account.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { refusedAs } from '../shared/failures.oracle.ts';
import type { SignupContext } from './signup.machine.ts';

/**
 * The signup page by the product's rules, written by hand (product.md §2.2 "Sign up", §4 "Account lifecycle",
 * §5 "Signup"): Sign up stays disabled until the terms are ticked; a form that breaks a rule, or whose captcha is not
 * solved, is not sent; a refusal shows the form again as it was left; success replaces it with the server's message
 * and a resend of the verification mail, as often as the reader asks, until the server says the account is verified.
 */
export const signupOracle = defineOracle<SignupContext>()({
  machine: 'signup',
  events: [
    'form.change',
    'terms.accept',
    'terms.decline',
    'captcha.solve',
    'captcha.expire',
    'form.submit',
    'check.retry',
    'resend.request',
    'xstate.done.actor.submitSignup',
    'xstate.error.actor.submitSignup',
    'xstate.done.actor.resendVerification',
    'xstate.error.actor.resendVerification',
  ],
  conditions: {
    // §5, in order: the email rules, the password rules, MISSING_NAME, MISSING_ACCEPT_TERM_AND_CONDITIONS.
    'a field breaks a rule': ({ context }) => validateSignup(context) !== null,
    'the captcha is not solved': ({ context }) => context.captchaToken === null,
    'the account is already verified': refusedAs('AlreadyVerified'),
  },
  states: {
    editing: {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'captcha.solve', to: null },
        { event: 'captcha.expire', to: null },
      ],
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
        { event: 'form.submit', when: 'the captcha is not solved', to: null },
        { event: 'form.submit', when: 'otherwise', to: 'submitting' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    submitting: {
      accepts: [
        { event: 'xstate.done.actor.submitSignup', to: 'signedUp' },
        // The accepted form as it was left; the captcha is single use.
        { event: 'xstate.error.actor.submitSignup', to: 'editing.termsAccepted' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    signedUp: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'signedUp.idle': { accepts: [{ event: 'resend.request', to: 'signedUp.resending' }], ignores: EVERY_OTHER_EVENT },
    'signedUp.resending': {
      accepts: [
        { event: 'xstate.done.actor.resendVerification', to: 'signedUp.resent' },
        {
          event: 'xstate.error.actor.resendVerification',
          when: 'the account is already verified',
          to: 'signedUp.alreadyVerified',
        },
        { event: 'xstate.error.actor.resendVerification', when: 'otherwise', to: 'signedUp.resendFailed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'signedUp.resent': { accepts: [{ event: 'resend.request', to: 'signedUp.resending' }], ignores: EVERY_OTHER_EVENT },
    'signedUp.resendFailed': {
      accepts: [{ event: 'resend.request', to: 'signedUp.resending' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'signedUp.alreadyVerified': { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
