import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { appError } from '#server/errors.ts';
import { textsFor } from '#server/i18n/texts.ts';
import { captchaInvalid, emailAlreadyRegistered, validationError } from '#server/lib/account-errors.ts';
import { hashPassword } from '#server/lib/password.ts';
import { validateSignup } from '#shared-domain/account.ts';
import type { Locale } from '#shared-domain/locales.ts';
import { verifyCaptcha } from '../captcha/captcha.service.ts';
import { verificationLink } from '../mail/mail.links.ts';
import { queueMail } from '../mail/mail.service.ts';
import {
  findToken,
  findUsableToken,
  invalidToken,
  issueToken,
  isUsable,
  redeemToken,
} from '../tokens/tokens.service.ts';
import { insertGroup, setGroupOwner } from '../users/groups.repository.ts';
import { findUserByEmail, insertUser, normalizeEmail } from '../users/users.repository.ts';

export type SignupConfig = Pick<Config, 'publicUrl' | 'productName' | 'tokenTtl' | 'captcha'>;

export interface SignupForm {
  email: string;
  password: string;
  friendlyName: string;
  acceptTerms: boolean;
  language: Locale;
}

export interface SignupInput extends SignupForm {
  captchaToken: string;
  remoteIp: string;
}

/**
 * product.md §7 POST /api/signup/new. Rules first (the same codes as the form), then the captcha, and only then whether
 * the email is taken, so the answer to "is this email registered?" costs a solved captcha. The group, its owner, the
 * verification token and the mail are written together or not at all.
 */
export async function signup(
  db: Db,
  config: SignupConfig,
  input: SignupInput,
  now = Date.now(),
): Promise<{ message: string }> {
  const t = textsFor(input.language);
  const problem = validateSignup(input);
  if (problem) throw validationError(problem, t);
  if (!(await verifyCaptcha(db, config.captcha, { token: input.captchaToken, remoteIp: input.remoteIp, now }))) {
    throw captchaInvalid(t);
  }
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) throw emailAlreadyRegistered(t);

  const passwordHash = await hashPassword(input.password);
  const name = input.friendlyName.trim();
  try {
    await db.transaction().execute(async (trx) => {
      const groupId = crypto.randomUUID();
      const userId = crypto.randomUUID();
      await insertGroup(trx, { id: groupId, apiAccess: false, companyId: null, now });
      await insertUser(trx, {
        id: userId,
        groupId,
        email,
        name,
        passwordHash,
        verified: false,
        isOwner: true,
        language: input.language,
        now,
      });
      await setGroupOwner(trx, groupId, userId);
      const { token } = await issueToken(trx, {
        kind: 'verification',
        email,
        userId,
        ttlMs: config.tokenTtl.verificationMs,
        now,
      });
      await queueMail(
        trx,
        {
          kind: 'verification',
          to: email,
          locale: input.language,
          productName: config.productName,
          link: verificationLink(config.publicUrl, token, email, input.language),
          recipientName: name,
          validity: Math.round(config.tokenTtl.verificationMs / 3_600_000),
        },
        now,
      );
    });
  } catch (err) {
    // A concurrent signup with the same email won the unique index between our check and our insert.
    if (isUniqueViolation(err)) throw emailAlreadyRegistered(t);
    throw err;
  }
  return { message: t.messages.signupSent(email) };
}

/**
 * GET /api/signup/invite/check: can this invitation still create an account, and for which email? The answer tells
 * the link's holder only what the mail already told them (the address) or why the link is dead; an unknown token
 * learns nothing. Nothing is spent.
 */
export async function checkInvitation(db: Db, token: string, now = Date.now()): Promise<{ email: string }> {
  const invitation = token ? await findToken(db, 'invitation', token) : null;
  if (!invitation?.groupId) {
    throw appError('InvitationNotFound');
  }
  if (invitation.usedAt !== null) {
    throw appError('InvitationUsed');
  }
  if (!isUsable(invitation, now)) {
    throw appError('InvitationExpired');
  }
  // Signed up directly since the invitation went out: the form could only fail, so the page says so up front.
  if (await findUserByEmail(db, invitation.emailNormalized)) throw emailAlreadyRegistered(textsFor('en-us'));
  return { email: invitation.emailNormalized };
}

/**
 * product.md §7 POST /api/signup/invite. The invitation proves the mailbox, so the secondary user starts verified; the
 * token must be for this very email, and is spent in the transaction that creates the user.
 */
export async function invitedSignup(
  db: Db,
  input: SignupForm & { invitationToken: string },
  now = Date.now(),
): Promise<{ message: string }> {
  const t = textsFor(input.language);
  const problem = validateSignup(input);
  if (problem) throw validationError(problem, t);
  const email = input.email.trim();
  const invitation = await findUsableToken(db, 'invitation', input.invitationToken, now);
  if (!invitation?.groupId || invitation.emailNormalized !== normalizeEmail(email)) {
    throw invalidToken(t.errors.invalidToken);
  }
  if (await findUserByEmail(db, email)) throw emailAlreadyRegistered(t);

  const passwordHash = await hashPassword(input.password);
  const groupId = invitation.groupId;
  try {
    await db.transaction().execute(async (trx) => {
      await redeemToken(trx, invitation, now, t.errors.invalidToken);
      await insertUser(trx, {
        id: crypto.randomUUID(),
        groupId,
        email,
        name: input.friendlyName.trim(),
        passwordHash,
        verified: true,
        isOwner: false,
        language: input.language,
        now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailAlreadyRegistered(t);
    throw err;
  }
  return { message: t.messages.invitedSignupDone };
}
