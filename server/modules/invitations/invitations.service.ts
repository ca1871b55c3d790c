import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { resolveLocale, textsFor } from '#server/i18n/texts.ts';
import { emailAlreadyRegistered, notOwner, validationError } from '#server/lib/account-errors.ts';
import { validateEmail } from '#shared-domain/email.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { invitationLink } from '../mail/mail.links.ts';
import { queueMail } from '../mail/mail.service.ts';
import { issueToken } from '../tokens/tokens.service.ts';
import { findUserByEmail, findUserById } from '../users/users.repository.ts';

export type InvitationConfig = Pick<Config, 'publicUrl' | 'productName' | 'tokenTtl'>;

export interface Inviter {
  userId: string;
  groupId: string;
  name: string;
  isOwner: boolean;
}

export interface Invitation {
  email: string;
  expiresAt: number;
  /** The action link; the API does not return it (it goes by mail), the operator CLI prints it. */
  link: string;
}

/**
 * A group owner invites a secondary user (docs/api/invitations.md). The mail goes in the language asked for, else the
 * inviter's; a newer invitation to the same email voids the older one.
 */
export async function inviteUser(
  db: Db,
  config: InvitationConfig,
  input: { inviter: Inviter; email: string; language: Locale | null },
  now = Date.now(),
): Promise<Invitation> {
  const locale = input.language ?? resolveLocale((await findUserById(db, input.inviter.userId))?.language);
  const t = textsFor(locale);
  if (!input.inviter.isOwner) throw notOwner(t);
  const problem = validateEmail(input.email);
  if (problem) throw validationError(problem, t);
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) throw emailAlreadyRegistered(t);

  return db.transaction().execute(async (trx) => {
    const { token, expiresAt } = await issueToken(trx, {
      kind: 'invitation',
      email,
      userId: null,
      groupId: input.inviter.groupId,
      createdBy: input.inviter.userId,
      ttlMs: config.tokenTtl.invitationMs,
      now,
    });
    const link = invitationLink(config.publicUrl, token, email);
    await queueMail(
      trx,
      {
        kind: 'invitation',
        to: email,
        locale,
        productName: config.productName,
        link,
        recipientName: null,
        inviterName: input.inviter.name,
        validity: Math.round(config.tokenTtl.invitationMs / 86_400_000),
      },
      now,
    );
    return { email, expiresAt, link };
  });
}
