import { defineOracle, EVERY_OTHER_EVENT, type OracleEvent } from '#tests/support/model-oracle.ts';
import type { CreateGrantOutput } from '../create-grant/create-grant.machine.ts';
import { refusedAs, sessionIsOver } from '../shared/failures.oracle.ts';
import type { CredentialsContext } from './credentials.machine.ts';

/**
 * The credentials page by the product's rules, written by hand (product.md §2.3 "Credentials", §4 "Credentials load
 * errors", "Create grant", "Removals", §6 "apiAccess"): code 9 and 80 have pages of their own, a 401 logs in again,
 * anything else is the Authentication Error popup (Close, then Refresh; or Login, which ends the session first); a
 * row's Change, Delete and OAuth information act on a listed credential; changes and deletions are confirmed; a new
 * secret is shown once; the list refreshes when the Create Grant dialog made a grant.
 */
const dialogOutcome = (event: OracleEvent) => event.output as CreateGrantOutput;

export const credentialsOracle = defineOracle<CredentialsContext>()({
  machine: 'credentials',
  events: [
    'list.refresh',
    'grant.create',
    'secret.change',
    'grant.delete',
    'info.show',
    'dialog.confirm',
    'dialog.close',
    'session.leave',
    'secret.copy',
    'discard.confirm',
    'discard.cancel',
    'xstate.done.actor.loadCredentials',
    'xstate.error.actor.loadCredentials',
    'xstate.done.actor.changeSecret',
    'xstate.error.actor.changeSecret',
    'xstate.done.actor.deleteCredential',
    'xstate.error.actor.deleteCredential',
    'xstate.done.actor.createGrant',
    'xstate.done.actor.endSession',
    'xstate.error.actor.endSession',
  ],
  conditions: {
    'the session has ended (401)': sessionIsOver,
    'the reader is not the account owner (code 9)': refusedAs('NotOwner'),
    'the account has no API access (code 80)': refusedAs('AccessDenied'),
    'that credential is listed': ({ context, event }) => context.clients.some((c) => c.id === event.id),
    'the dialog ended on a 401': ({ event }) => dialogOutcome(event).sessionEnded,
    'the dialog made a grant': ({ event }) => dialogOutcome(event).created,
  },
  states: {
    loading: {
      accepts: [
        { event: 'xstate.done.actor.loadCredentials', to: 'list' },
        { event: 'xstate.error.actor.loadCredentials', when: 'the session has ended (401)', to: 'sessionEnded' },
        {
          event: 'xstate.error.actor.loadCredentials',
          when: 'the reader is not the account owner (code 9)',
          to: 'notOwner',
        },
        {
          event: 'xstate.error.actor.loadCredentials',
          when: 'the account has no API access (code 80)',
          to: 'accessDenied',
        },
        { event: 'xstate.error.actor.loadCredentials', when: 'otherwise', to: 'authError' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    notOwner: { accepts: [], ignores: EVERY_OTHER_EVENT },
    accessDenied: { accepts: [], ignores: EVERY_OTHER_EVENT },
    sessionEnded: { accepts: [], ignores: EVERY_OTHER_EVENT },
    authError: {
      accepts: [
        { event: 'dialog.close', to: 'failed' },
        { event: 'session.leave', to: 'loggingOut' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    failed: { accepts: [{ event: 'list.refresh', to: 'loading' }], ignores: EVERY_OTHER_EVENT },
    // A failed logout still goes to login, as from the dead-end pages.
    loggingOut: {
      accepts: [
        { event: 'xstate.done.actor.endSession', to: 'loggedOut' },
        { event: 'xstate.error.actor.endSession', to: 'loggedOut' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    loggedOut: { accepts: [], ignores: EVERY_OTHER_EVENT },
    list: { accepts: [], ignores: EVERY_OTHER_EVENT },
    'list.idle': {
      accepts: [
        { event: 'list.refresh', to: 'loading' },
        { event: 'grant.create', to: 'list.creating' },
        { event: 'secret.change', when: 'that credential is listed', to: 'list.confirmChange' },
        { event: 'grant.delete', when: 'that credential is listed', to: 'list.confirmDelete' },
        { event: 'info.show', when: 'that credential is listed', to: 'list.showInfo' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.creating': {
      accepts: [
        { event: 'xstate.done.actor.createGrant', when: 'the dialog ended on a 401', to: 'sessionEnded' },
        { event: 'xstate.done.actor.createGrant', when: 'the dialog made a grant', to: 'loading' },
        { event: 'xstate.done.actor.createGrant', when: 'otherwise', to: 'list.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.confirmChange': {
      accepts: [
        { event: 'dialog.confirm', to: 'list.changing' },
        { event: 'dialog.close', to: 'list.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.changing': {
      accepts: [
        { event: 'xstate.done.actor.changeSecret', to: 'list.showSecret' },
        { event: 'xstate.error.actor.changeSecret', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.changeSecret', when: 'otherwise', to: 'list.confirmChange' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.showSecret': { accepts: [], ignores: EVERY_OTHER_EVENT },
    'list.showSecret.uncopied': {
      accepts: [
        { event: 'secret.copy', to: 'list.showSecret.copied' },
        { event: 'dialog.close', to: 'list.showSecret.confirmDiscard' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.showSecret.confirmDiscard': {
      accepts: [
        { event: 'secret.copy', to: 'list.showSecret.copied' },
        { event: 'discard.confirm', to: 'list.idle' },
        { event: 'discard.cancel', to: 'list.showSecret.uncopied' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.showSecret.copied': { accepts: [{ event: 'dialog.close', to: 'list.idle' }], ignores: EVERY_OTHER_EVENT },
    'list.confirmDelete': {
      accepts: [
        { event: 'dialog.confirm', to: 'list.deleting' },
        { event: 'dialog.close', to: 'list.idle' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.deleting': {
      accepts: [
        { event: 'xstate.done.actor.deleteCredential', to: 'list.idle' },
        { event: 'xstate.error.actor.deleteCredential', when: 'the session has ended (401)', to: 'sessionEnded' },
        { event: 'xstate.error.actor.deleteCredential', when: 'otherwise', to: 'list.confirmDelete' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    'list.showInfo': { accepts: [{ event: 'dialog.close', to: 'list.idle' }], ignores: EVERY_OTHER_EVENT },
  },
});
