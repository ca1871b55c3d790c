import { validateEmail, type Region } from '../../../shared-domain/account.ts';
import type { Locale } from '../../../shared-domain/locales.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { resolveLocale, textsFor } from '../../i18n/texts.ts';
import { accountNotVerified, alreadyVerified, emailNotRegistered, validationError } from '../../lib/account-errors.ts';
import { verificationLink } from '../mail/mail.links.ts';
import { queueMail } from '../mail/mail.service.ts';
import { findUsableToken, invalidToken, issueToken, redeemToken } from '../tokens/tokens.service.ts';
import { findUserByEmail, findUserById, markUserVerified, type UserRecord } from '../users/users.repository.ts';

export type VerificationConfig = Pick<Config, 'publicUrl' | 'productName' | 'tokenTtl' | 'region'>;

/** Spec §7 GET /api/signup/verify: spends the token and activates the account; the page names the region. */
export async function verifyEmail(
  db: Db,
  config: Pick<Config, 'region'>,
  token: string,
  now = Date.now(),
): Promise<{ email: string; region: Region }> {
  const record = await findUsableToken(db, 'verification', token, now);
  const userId = record?.userId;
  if (!record || !userId) throw invalidToken();
  await db.transaction().execute(async (trx) => {
    await redeemToken(trx, record, now);
    await markUserVerified(trx, userId, now);
  });
  const user = await findUserById(db, userId);
  if (!user) throw invalidToken(); // deleted in the meantime: the link has nothing left to activate
  return { email: user.email, region: config.region };
}

/** Spec §7 GET /api/signup/verify/resend: a new link, which voids the ones sent before. */
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

async function queueVerificationMail(db: Db, config: VerificationConfig, user: UserRecord, locale: Locale, now: number) {
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

/** Spec §7 GET /api/signup/verify/check: 200 when verified, code 8 when not yet, code 82 when unknown. */
export async function checkVerified(db: Db, username: string): Promise<{ verified: true }> {
  const t = textsFor('en-us');
  const user = await findUserByEmail(db, username);
  if (!user) throw emailNotRegistered(t);
  if (!user.verified) throw accountNotVerified(t);
  return { verified: true };
}
