import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { type AppError, appError } from '#server/errors.ts';
import { verifyPassword } from '#server/lib/password.ts';
import { validateLogin } from '#shared-domain/login.ts';
import { DEFAULT_AFTER_LOGIN, safeReturnTo } from '#shared-domain/redirect.ts';
import { type ClientInfo, type OpenedSession, openSession } from '../sessions/sessions.service.ts';
import { findUserByEmail, recordFailedLogin, resetFailedLogins } from '../users/users.repository.ts';

export type AuthConfig = Pick<
  Config,
  'sessionSecret' | 'sessionTtlHours' | 'shortSessionTtlMinutes' | 'loginMaxFailures' | 'loginLockMinutes'
>;

export interface LoginInput {
  username: string;
  password: string;
  returnTo: string | undefined;
  shortLived: boolean;
  client: ClientInfo;
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
 * argon2 rate), so everything else is one indexed read plus at most two small writes.
 */
export async function login(db: Db, config: AuthConfig, input: LoginInput, now = Date.now()): Promise<LoginResult> {
  const problem = validateLogin({ username: input.username, password: input.password });
  if (problem === 'MISSING_EMAIL') throw appError('MissingEmail');
  if (problem) throw appError('MissingPassword');

  const user = await findUserByEmail(db, input.username);
  if (!user) {
    throw appError('EmailNotRegistered');
  }
  // A locked account answers without looking at the password, so guessing during the lock learns nothing.
  if (user.lockedUntil !== null && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const result = await recordFailedLogin(db, user.id, {
      now,
      maxFailures: config.loginMaxFailures,
      lockUntil: now + Math.round(config.loginLockMinutes * 60_000),
    });
    if (result.lockedUntil !== null && result.lockedUntil > now) throw accountLocked(result.lockedUntil, now);
    throw appError('InvalidEmailOrPassword');
  }

  if (user.failedLoginCount > 0 || user.lockedUntil !== null) await resetFailedLogins(db, user.id, now);
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
