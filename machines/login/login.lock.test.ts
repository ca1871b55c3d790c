import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { apiErrorOf } from '#shared-domain/error-body.ts';
import { type LoginRequest, loginMachine } from './login.machine.ts';

/** A login answered with a 90-second lock, the form then showing it. */
async function lockedLogin() {
  const machine = loginMachine.provide({
    actors: {
      submitLogin: fromPromise<{ redirect: string }, LoginRequest>(async () => {
        throw apiErrorOf('AccountLocked', { account_lock_timeout: 90 });
      }),
    },
  });
  const actor = createActor(machine, { input: { returnTo: null, shortLived: false, sessionCookie: false } }).start();
  actor.send({ type: 'form.change', field: 'username', value: 'ann@example.com' });
  actor.send({ type: 'form.change', field: 'password', value: 'Secret1234' });
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('locked'));
  return actor;
}

describe('login: a lock is left only by typing another account', () => {
  it('stays locked while the password is typed, whatever it is', async () => {
    const actor = await lockedLogin();
    actor.send({ type: 'form.change', field: 'password', value: 'bob@example.com' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.password).toBe('bob@example.com');
    actor.send({ type: 'form.change', field: 'username', value: 'bob@example.com' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.stop();
  });
});

describe('login: a lock ends when its time is up, even while another account is typed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the lock again for the locked account before its end, and not at its end', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 12) });
    const actor = await lockedLogin();
    actor.send({ type: 'form.change', field: 'username', value: 'bob@example.com' });
    expect(actor.getSnapshot().value).toBe('editing');
    vi.setSystemTime(Date.now() + 89_999);
    actor.send({ type: 'form.change', field: 'username', value: 'ann@example.com' });
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'form.change', field: 'username', value: 'bob@example.com' });
    // The lock's last millisecond is over: the server would take the login again.
    vi.setSystemTime(Date.now() + 1);
    actor.send({ type: 'form.change', field: 'username', value: 'ann@example.com' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.stop();
  });
});
