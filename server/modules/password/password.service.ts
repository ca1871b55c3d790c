import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { textsFor } from '#server/i18n/texts.ts';
import { emailNotRegistered, validationError } from '#server/lib/account-errors.ts';
import { hashPassword } from '#server/lib/password.ts';
import { validateEmail } from '#shared-domain/email.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { validatePassword } from '#shared-domain/password.ts';
import { revokeUserSessions } from '../sessions/sessions.repository.ts';
import { findUsableToken, invalidToken, redeemToken } from '../tokens/tokens.service.ts';
import { markUserVerified, setPasswordHash } from '../users/users.repository.ts';
import { queueResetMail } from './reset-mail.ts';

export type PasswordConfig = Pick<Config, 'publicUrl' | 'productName' | 'tokenTtl'>;

// Both answers of a recovery request take at least this long, so a stopwatch cannot tell a known email from an
// unknown one even where their work differs slightly (a commit against a rollback).
export const RECOVER_MIN_MS = 100;

/**
 * product.md §7 GET /api/password/recover. An unknown email answers 82 as the spec says, but sends nothing, and costs
 * the same: the very same statements run and are rolled back, and both answers wait for a common floor.
 */
export async function requestPasswordReset(
  db: Db,
  config: PasswordConfig,
  input: { email: string; language: Locale | null },
  now = Date.now(),
): Promise<{ message: string }> {
  const started = performance.now();
  try {
    const t = textsFor(input.language ?? 'en-us');
    const problem = validateEmail(input.email);
    if (problem) throw validationError(problem, t);
    const known = await queueResetMail(db, config, { email: input.email, language: input.language, now });
    if (!known) throw emailNotRegistered(t);
    return { message: t.messages.recoverSent(input.email.trim()) };
  } finally {
    const left = RECOVER_MIN_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

/** product.md §7 GET /api/password/change/check: is this reset link still good? Nothing is spent. */
export async function checkResetToken(db: Db, token: string, now = Date.now()): Promise<void> {
  if (!(await findUsableToken(db, 'reset', token, now))) throw invalidToken();
}

export interface ChangePasswordInput {
  resetToken: string;
  password: string;
  logout: boolean;
  language: Locale;
}

/**
 * product.md §7 PATCH /api/password/change. The token is spent in the transaction that stores the new hash; the lock
 * and failure count go with the old password, and with `logout` every session of the user ends, on every instance.
 */
export async function changePassword(
  db: Db,
  input: ChangePasswordInput,
  now = Date.now(),
): Promise<{ message: string }> {
  const t = textsFor(input.language);
  const record = await findUsableToken(db, 'reset', input.resetToken, now);
  const userId = record?.userId;
  if (!record || !userId) throw invalidToken(t.errors.invalidToken);
  const problem = validatePassword(input.password);
  if (problem) throw validationError(problem, t);

  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await redeemToken(trx, record, now, t.errors.invalidToken);
    await setPasswordHash(trx, userId, passwordHash, now);
    // The link reached the mailbox, which proves it as well as a verification link would.
    await markUserVerified(trx, userId, now);
    if (input.logout) await revokeUserSessions(trx, userId, now);
  });
  return { message: t.messages.passwordChanged };
}
