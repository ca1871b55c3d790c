import { loginAccount } from '#shared-domain/login.ts';
import { defineOracle, EVERY_OTHER_EVENT } from '#tests/support/model-oracle.ts';
import { answerOf } from '../shared/failures.oracle.ts';
import type { LoginContext } from './login.machine.ts';

/**
 * The login page by the product's rules, written by hand (product.md §4 "Login", §5 "Login", §8 "Login"): with a
 * session cookie the server is asked first; a submit with an empty field stays on the form; code 8 goes to the
 * verify-needed page; a lock with its duration waits it out unless another email is typed.
 */
export const loginOracle = defineOracle<LoginContext>()({
  machine: 'login',
  events: [
    'form.change',
    'form.submit',
    'xstate.done.actor.resumeSession',
    'xstate.error.actor.resumeSession',
    'xstate.done.actor.submitLogin',
    'xstate.error.actor.submitLogin',
    'xstate.after.lockExpired.login.locked',
  ],
  conditions: {
    'there is no session cookie': ({ context }) => !context.sessionCookie,
    'the server names where to go': ({ event }) =>
      Boolean((event.output as { redirect?: string } | null | undefined)?.redirect),
    // §5: MISSING_EMAIL (blank email), then MISSING_PASSWORD.
    'the email or the password is empty': ({ context }) => context.username.trim() === '' || context.password === '',
    'the account is not verified (code 8)': ({ event }) => answerOf(event)?.errorName === 'AccountNotVerified',
    'the account is locked for a known time (code 78)': ({ event }) => {
      const error = answerOf(event);
      return error?.errorName === 'AccountLocked' && Number(error.data.account_lock_timeout) > 0;
    },
    // §4: the lock holds for its account, whatever case or spaces the email is typed with.
    'the locked account is typed back while its lock runs': ({ context, event }) =>
      event.field === 'username' &&
      context.lockedAccount !== null &&
      loginAccount(String(event.value)) === context.lockedAccount &&
      (context.lockedUntil ?? 0) > Date.now(),
    'another account is typed': ({ context, event }) =>
      event.field === 'username' && loginAccount(String(event.value)) !== context.lockedAccount,
  },
  states: {
    resuming: {
      accepts: [
        { event: 'always', when: 'there is no session cookie', to: 'editing' },
        { event: 'xstate.done.actor.resumeSession', when: 'the server names where to go', to: 'redirecting' },
        { event: 'xstate.done.actor.resumeSession', when: 'otherwise', to: 'editing' },
        { event: 'xstate.error.actor.resumeSession', to: 'editing' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    editing: {
      accepts: [
        { event: 'form.change', when: 'the locked account is typed back while its lock runs', to: 'locked' },
        { event: 'form.change', when: 'otherwise', to: null },
        { event: 'form.submit', when: 'the email or the password is empty', to: 'editing' },
        { event: 'form.submit', when: 'otherwise', to: 'submitting' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    submitting: {
      accepts: [
        { event: 'xstate.done.actor.submitLogin', to: 'redirecting' },
        {
          event: 'xstate.error.actor.submitLogin',
          when: 'the account is not verified (code 8)',
          to: 'needsVerification',
        },
        {
          event: 'xstate.error.actor.submitLogin',
          when: 'the account is locked for a known time (code 78)',
          to: 'locked',
        },
        { event: 'xstate.error.actor.submitLogin', when: 'otherwise', to: 'editing' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    locked: {
      accepts: [
        { event: 'form.change', when: 'another account is typed', to: 'editing' },
        { event: 'form.change', when: 'otherwise', to: null },
        { event: 'xstate.after.lockExpired.login.locked', to: 'editing' },
      ],
      ignores: EVERY_OTHER_EVENT,
    },
    redirecting: { accepts: [], ignores: EVERY_OTHER_EVENT },
    needsVerification: { accepts: [], ignores: EVERY_OTHER_EVENT },
  },
});
