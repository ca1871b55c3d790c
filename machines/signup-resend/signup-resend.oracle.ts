import { validateEmail } from '#shared-domain/email.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { noVerdict, refusedAs } from '../shared/failures.oracle.ts';
import type { SignupResendContext } from './signup-resend.machine.ts';

/**
 * The verify-needed page by the product's rules, written by hand (product.md §2.2 "Verify-needed", §5 "Email",
 * docs/api/signup-links.md): a verified account goes to login; an unverified one may resend the mail as often as the
 * reader asks; an address that is missing, malformed or not registered is asked for; a check without the server's
 * verdict offers Retry.
 */
export const signupResendOracle = defineOracle<SignupResendContext>()({
  machine: 'signup-resend',
  events: [
    'form.change',
    'form.submit',
    'check.retry',
    'resend.request',
    'xstate.done.actor.checkVerification',
    'xstate.error.actor.checkVerification',
    'xstate.done.actor.resendVerification',
    'xstate.error.actor.resendVerification',
  ],
  conditions: {
    'the account needs verifying (code 8)': refusedAs('AccountNotVerified'),
    'the email is not registered (code 82)': refusedAs('EmailNotRegistered'),
    'no verdict (no answer, 5xx, 408 or 429)': noVerdict,
    'the email is empty or malformed': ({ context }) => validateEmail(context.email) !== null,
    'the account is already verified': refusedAs('AlreadyVerified'),
  },
  states: {
    checking: {
      accepts: [
        { event: 'xstate.done.actor.checkVerification', to: 'verified' },
        {
          event: 'xstate.error.actor.checkVerification',
          when: 'the account needs verifying (code 8)',
          to: 'needsVerification',
        },
        { event: 'xstate.error.actor.checkVerification', when: 'the email is not registered (code 82)', to: 'asking' },
        {
          event: 'xstate.error.actor.checkVerification',
          when: 'no verdict (no answer, 5xx, 408 or 429)',
          to: 'checkFailed',
        },
        // The link has no usable address (missing, malformed, over its limit): ask for one.
        { event: 'xstate.error.actor.checkVerification', when: 'otherwise', to: 'asking' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    checkFailed: { accepts: [{ event: 'check.retry', to: 'checking' }], ignores: EVERY_OTHER_EVENT },
    asking: {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'form.submit', when: 'the email is empty or malformed', to: 'asking' },
        { event: 'form.submit', when: 'otherwise', to: 'sending' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    sending: {
      accepts: [
        { event: 'xstate.done.actor.resendVerification', to: 'needsVerification.resent' },
        { event: 'xstate.error.actor.resendVerification', when: 'the account is already verified', to: 'verified' },
        { event: 'xstate.error.actor.resendVerification', when: 'the email is not registered (code 82)', to: 'asking' },
        { event: 'xstate.error.actor.resendVerification', when: 'otherwise', to: 'asking' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    verified: { accepts: [], ignores: EVERY_OTHER_EVENT },
    needsVerification: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'needsVerification.idle': {
      accepts: [{ event: 'resend.request', to: 'needsVerification.resending' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'needsVerification.resending': {
      accepts: [
        { event: 'xstate.done.actor.resendVerification', to: 'needsVerification.resent' },
        {
          event: 'xstate.error.actor.resendVerification',
          when: 'the account is already verified',
          to: 'needsVerification.alreadyVerified',
        },
        { event: 'xstate.error.actor.resendVerification', when: 'otherwise', to: 'needsVerification.resendFailed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'needsVerification.resent': {
      accepts: [{ event: 'resend.request', to: 'needsVerification.resending' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'needsVerification.resendFailed': {
      accepts: [{ event: 'resend.request', to: 'needsVerification.resending' }],
      ignores: EVERY_OTHER_EVENT,
    },
    'needsVerification.alreadyVerified': { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
