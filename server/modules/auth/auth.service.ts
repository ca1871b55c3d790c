import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { type AppError, appError } from '#server/errors.ts';
import { verifyPassword } from '#server/lib/password.ts';
import { validateLogin } from '#shared-domain/login.ts';
import { DEFAULT_AFTER_LOGIN, safeReturnTo } from '#shared-domain/redirect.ts';
import { type ClientInfo, type OpenedSession, openSession } from '../sessions/sessions.service.ts';
import { findLoginFailures, findUserByEmail, recordFailedLogin, resetFailedLogins } from '../users/users.repository.ts';

export type AuthConfig = Pick<
  Config,
  'sessionSecret' | 'sessionTtlHours' | 'shortSessionTtlMinutes' | 'loginMaxFailures' | 'loginLockMinutes'
>;

/** Why a login with a password was refused, as the operator's metrics count it (docs/operations.md). */
export type LoginFailureReason = 'wrong_password' | 'unknown_email' | 'locked';

/** Told of refusals and new locks; the metrics plugin's counters in the server, nothing in the CLI or tests. */
export interface LoginObserver {
  failed(reason: LoginFailureReason): void;
  locked(): void;
}

export interface LoginInput {
  username: string;
  password: string;
  returnTo: string | undefined;
  shortLived: boolean;
  client: ClientInfo;
  observer?: LoginObserver;
}

export interface LoginResult {
  redirect: string;
  session: OpenedSession;
}

/** A page of the portal or the OAuth continuation, else the main page: no open redirect, no API call through return_to. */
export function redirectAfterLogin(returnTo: string | undefined): string {
  return safeReturnTo(returnTo, DEFAULT_AFTER_LOGIN);
}

/**
 * product.md §7/§8 login. The password hash is the only expensive step (a benchmark holds login throughput to the raw
 * argon2 rate), so everything else is two indexed reads plus at most two small writes.
 */
export async function login(db: Db, config: AuthConfig, input: LoginInput, now = Date.now()): Promise<LoginResult> {
  const problem = validateLogin({ username: input.username, password: input.password });
  if (problem === 'MISSING_EMAIL') throw appError('MissingEmail');
  if (problem) throw appError('MissingPassword');

  const user = await findUserByEmail(db, input.username);
  if (!user) {
    input.observer?.failed('unknown_email');
    throw appError('EmailNotRegistered');
  }
  // A locked account answers without looking at the password, so guessing during the lock learns nothing.
  if (user.lockedUntil !== null && user.lockedUntil > now) {
    input.observer?.failed('locked');
    throw accountLocked(user.lockedUntil, now);
  }

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const lockUntil = now + Math.round(config.loginLockMinutes * 60_000);
    const result = await recordFailedLogin(db, user.id, { now, maxFailures: config.loginMaxFailures, lockUntil });
    input.observer?.failed('wrong_password');
    if (result.lockedUntil !== null && result.lockedUntil > now) {
      // Our own lock time: this failure locked the account (another request's lock keeps its earlier time).
      if (result.lockedUntil === lockUntil) input.observer?.locked();
      throw accountLocked(result.lockedUntil, now);
    }
    throw appError('InvalidEmailOrPassword');
  }

  // Guesses sent together are all past the lock check before any hash ends: the ones judged first may have locked the
  // account since, and a right password judged after that must not get in (nor lift the lock), or a burst would try
  // any number of passwords.
  const failures = await findLoginFailures(db, user.id);
  if (failures.lockedUntil !== null && failures.lockedUntil > now) {
    input.observer?.failed('locked');
    throw accountLocked(failures.lockedUntil, now);
  }
  if (failures.failedLoginCount > 0 || failures.lockedUntil !== null) {
    if (!(await resetFailedLogins(db, user.id, now))) {
      const { lockedUntil } = await findLoginFailures(db, user.id);
      input.observer?.failed('locked');
      throw accountLocked(lockedUntil ?? now, now);
    }
  }
  if (!user.verified) {
    throw appError('AccountNotVerified');
  }

  const session = await openSession(db, config, {
    userId: user.id,
    claims: { apiAccess: user.apiAccess, isGroupOwner: user.isOwner },
    shortLived: input.shortLived,
    client: input.client,
    now,
  });
  return { redirect: redirectAfterLogin(input.returnTo), session };
}

function accountLocked(lockedUntil: number, now: number): AppError {
  return appError('AccountLocked', {
    data: { account_lock_timeout: Math.ceil((lockedUntil - now) / 1000) },
  });
}
