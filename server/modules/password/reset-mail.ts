import type { Db } from '#server/db/database.ts';
import { resolveLocale } from '#server/i18n/texts.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { resetLink } from '../mail/mail.links.ts';
import { queueMail } from '../mail/mail.service.ts';
import { issueToken } from '../tokens/tokens.service.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import type { PasswordConfig } from './password.service.ts';

// Thrown to roll back the rehearsal transaction of an unknown email; never leaves this module.
const ROLLBACK = Symbol('rollback');

/**
 * Issues a reset token and queues its mail, in one transaction. For an unknown email it runs the same statements
 * (void, insert token, insert mail) and rolls them back, so the work, and with it the time, matches a real request
 * while nothing is kept and nothing is sent. Returns whether the email belongs to a user.
 */
export async function queueResetMail(
  db: Db,
  config: PasswordConfig,
  input: { email: string; language: Locale | null; now: number },
): Promise<boolean> {
  const user = await findUserByEmail(db, input.email);
  const email = user?.email ?? input.email.trim();
  const locale = input.language ?? resolveLocale(user?.language);
  try {
    await db.transaction().execute(async (trx) => {
      const { token } = await issueToken(trx, {
        kind: 'reset',
        email,
        userId: user?.id ?? null,
        ttlMs: config.tokenTtl.resetMs,
        now: input.now,
      });
      await queueMail(
        trx,
        {
          kind: 'reset',
          to: email,
          locale,
          productName: config.productName,
          link: resetLink(config.publicUrl, token, email, locale),
          recipientName: user?.name ?? null,
          validity: Math.round(config.tokenTtl.resetMs / 60_000),
        },
        input.now,
      );
      if (!user) throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return user !== null;
}
