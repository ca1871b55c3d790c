import { type GrantType, validateRedirectUris } from '#shared-domain/credentials.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { sessionIsOver } from '../shared/failures.oracle.ts';
import type { CreateGrantContext } from './create-grant.machine.ts';

/**
 * The Create Grant dialog by the product's rules, written by hand (product.md §2.3 "Credentials", §4 "Create grant",
 * §5 "Grants"): a type at its limit cannot be chosen; authorization_code needs valid redirect URIs before it is sent;
 * the secret is shown once, and closing before it was copied asks first; a 401 closes the dialog to log in again.
 */
export const createGrantOracle = defineOracle<CreateGrantContext>()({
  machine: 'create-grant',
  events: [
    'type.choose',
    'form.change',
    'form.back',
    'form.submit',
    'dialog.close',
    'secret.copy',
    'discard.confirm',
    'discard.cancel',
    'xstate.done.actor.submitGrant',
    'xstate.error.actor.submitGrant',
  ],
  conditions: {
    'the account has room for another grant of that type': ({ context, event }) =>
      context.counts[event.grantType as GrantType] < context.limits.clients_per_grant_type,
    // §5: authorization_code takes 1 to 10 valid redirect URIs of at most 2048 characters; client_credentials none.
    'the redirect URIs break a rule': ({ context }) =>
      validateRedirectUris(context.grantType, context.redirectUris, context.limits) !== null,
    'the session has ended (401)': sessionIsOver,
  },
  states: {
    choosing: {
      accepts: [
        { event: 'type.choose', when: 'the account has room for another grant of that type', to: 'editing' },
        { event: 'dialog.close', to: 'closed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    editing: {
      accepts: [
        { event: 'form.change', to: null },
        { event: 'form.back', to: 'choosing' },
        { event: 'form.submit', when: 'the redirect URIs break a rule', to: 'editing' },
        { event: 'form.submit', when: 'otherwise', to: 'creating' },
        { event: 'dialog.close', to: 'closed' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    creating: {
      accepts: [
        { event: 'xstate.done.actor.submitGrant', to: 'details' },
        { event: 'xstate.error.actor.submitGrant', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.submitGrant', when: 'otherwise', to: 'editing' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    details: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'details.uncopied': {
      accepts: [
        { event: 'secret.copy', to: 'details.copied' },
        { event: 'dialog.close', to: 'details.confirmDiscard' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'details.confirmDiscard': {
      accepts: [
        { event: 'secret.copy', to: 'details.copied' },
        { event: 'discard.confirm', to: 'closed' },
        { event: 'discard.cancel', to: 'details.uncopied' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'details.copied': { accepts: [{ event: 'dialog.close', to: 'closed' }], ignores: EVERY_OTHER_EVENT },
    closed: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
