import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { resolveLocale, textsFor } from '#server/i18n/texts.ts';
import {
  accountNotVerified,
  alreadyVerified,
  emailNotRegistered,
  validationError,
} from '#server/lib/account-errors.ts';
import type { Region } from '#shared-domain/account.ts';
import { validateEmail } from '#shared-domain/email.ts';
import { GenericCode } from '#shared-domain/error-codes.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { verificationLink } from '../mail/mail.links.ts';
import { queueMail } from '../mail/mail.service.ts';
import { findToken, invalidToken, issueToken, isUsable, redeemToken } from '../tokens/tokens.service.ts';
import { findUserByEmail, findUserById, markUserVerified, type UserRecord } from '../users/users.repository.ts';

export type VerificationConfig = Pick<Config, 'publicUrl' | 'productName' | 'tokenTtl' | 'region'>;

/**
 * GET /api/signup/verify: spends the token and activates the account; the page names the region. A link
 * opened again once its account is verified (by this link, a newer one or a password reset) answers
 * `already_verified: true` rather than calling itself invalid: only a holder of a real link for that account learns
 * its state, since an unknown token stays INVALID_TOKEN. The used token's row outlives the purge for this (it goes
 * with its account).
 */
export async function verifyEmail(
  db: Db,
  config: Pick<Config, 'region'>,
  token: string,
  now = Date.now(),
): Promise<{ email: string; region: Region; already_verified: boolean }> {
  const record = await findToken(db, 'verification', token);
  const userId = record?.userId;
  if (!record || !userId) throw invalidToken();
  let activated = false;
  if (isUsable(record, now)) {
    try {
      await db.transaction().execute(async (trx) => {
        await redeemToken(trx, record, now);
        await markUserVerified(trx, userId, now);
      });
      activated = true;
    } catch (err) {
      // A concurrent opening of the same link redeemed it a moment ago: answered below like any later opening.
      if (!(err instanceof AppError && err.code === GenericCode.INVALID_TOKEN)) throw err;
    }
  }
  const user = await findUserById(db, userId);
  // Deleted in the meantime, or a dead link of an account that still needs verifying (a resend is the way on).
  if (!user?.verified) throw invalidToken();
  return { email: user.email, region: config.region, already_verified: !activated };
}

/** product.md §7 GET /api/signup/verify/resend: a new link, which voids the ones sent before. */
export async function resendVerification(
  db: Db,
  config: VerificationConfig,
  input: { email: string; language: Locale | null },
  now = Date.now(),
): Promise<{ message: string }> {
  const locale = input.language ?? 'en-us';
  const t = textsFor(locale);
  const problem = validateEmail(input.email);
  if (problem) throw validationError(problem, t);
  const user = await findUserByEmail(db, input.email);
  if (!user) throw emailNotRegistered(t);
  if (user.verified) throw alreadyVerified(t);
  await queueVerificationMail(db, config, user, input.language ?? resolveLocale(user.language), now);
  return { message: t.messages.verificationResent(user.email) };
}

async function queueVerificationMail(
  db: Db,
  config: VerificationConfig,
  user: UserRecord,
  locale: Locale,
  now: number,
) {
  await db.transaction().execute(async (trx) => {
    const { token } = await issueToken(trx, {
      kind: 'verification',
      email: user.email,
      userId: user.id,
      ttlMs: config.tokenTtl.verificationMs,
      now,
    });
    await queueMail(
      trx,
      {
        kind: 'verification',
        to: user.email,
        locale,
        productName: config.productName,
        link: verificationLink(config.publicUrl, token, user.email, locale),
        recipientName: user.name,
        validity: Math.round(config.tokenTtl.verificationMs / 3_600_000),
      },
      now,
    );
  });
}

/**
 * GET /api/signup/verify/check: 200 when verified, code 8 when not yet, code 82 when unknown. The email is
 * checked like the form's first, so the verify-needed page opened without one learns to ask for it.
 */
export async function checkVerified(db: Db, username: string): Promise<{ verified: true }> {
  const t = textsFor('en-us');
  const problem = validateEmail(username);
  if (problem) throw validationError(problem, t);
  const user = await findUserByEmail(db, username);
  if (!user) throw emailNotRegistered(t);
  if (!user.verified) throw accountNotVerified(t);
  return { verified: true };
}
