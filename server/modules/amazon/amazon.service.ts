import { randomBytes } from 'node:crypto';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { type AppError, appError } from '#server/errors.ts';
import { DEFAULT_AFTER_LOGIN, safeReturnTo } from '#shared-domain/redirect.ts';
import { type ClientInfo, type OpenedSession, openSession, type SessionConfig } from '../sessions/sessions.service.ts';
import { insertGroup, setGroupOwner } from '../users/groups.repository.ts';
import { findUserByEmail, findUserById, insertUser, type UserRecord } from '../users/users.repository.ts';
import { type AmazonProfile, exchangeAmazonCode, fetchAmazonProfile } from './amazon.client.ts';
import { findUserIdByAmazonId, linkAmazonUser } from './amazon.repository.ts';

export type AmazonLoginConfig = SessionConfig & Pick<Config, 'amazon'>;

export interface AmazonLoginInput {
  code: string;
  codeVerifier: string;
  linkCurrentAccount: boolean;
  returnTo: string | undefined;
  client: ClientInfo;
}

export interface AmazonLoginResult {
  redirect: string;
  session: OpenedSession;
}

/**
 * POST /api/loginwithamazon. The linked account logs in; an unknown Amazon user gets a new verified owner account;
 * an existing portal account with the same email is not taken over silently (409: the SPA says the email already
 * has an account, whose owner logs in with the password instead).
 */
export async function loginWithAmazon(
  db: Db,
  config: AmazonLoginConfig,
  input: AmazonLoginInput,
): Promise<AmazonLoginResult> {
  if (!config.amazon.clientId) {
    throw appError('AmazonLoginUnavailable');
  }
  if (input.linkCurrentAccount) {
    throw appError('AmazonLinkingUnsupported');
  }
  const accessToken = await exchangeAmazonCode(config.amazon, input.code, input.codeVerifier);
  const profile = await fetchAmazonProfile(config.amazon, accessToken);
  const user = await linkedUser(db, profile);
  const now = Date.now();
  const session = await openSession(db, config, {
    userId: user.id,
    claims: { apiAccess: user.apiAccess, isGroupOwner: user.isOwner },
    shortLived: false,
    client: input.client,
    now,
  });
  return { redirect: safeReturnTo(input.returnTo, DEFAULT_AFTER_LOGIN), session };
}

async function linkedUser(db: Db, profile: AmazonProfile): Promise<UserRecord> {
  const linkedId = await findUserIdByAmazonId(db, profile.userId);
  if (linkedId) return userOrThrow(db, linkedId);
  if (await findUserByEmail(db, profile.email)) throw emailTaken();
  try {
    return await createAmazonAccount(db, profile);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A concurrent callback created the account first (same Amazon user) or someone signed up with the email.
    const raced = await findUserIdByAmazonId(db, profile.userId);
    if (raced) return userOrThrow(db, raced);
    throw emailTaken();
  }
}

async function createAmazonAccount(db: Db, profile: AmazonProfile): Promise<UserRecord> {
  const now = Date.now();
  const userId = crypto.randomUUID();
  const groupId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertGroup(trx, { id: groupId, apiAccess: false, companyId: null, now });
    await insertUser(trx, {
      id: userId,
      groupId,
      email: profile.email,
      name: (profile.name || profile.email.split('@')[0] || 'Amazon user').slice(0, 100),
      // Not an argon2 hash, so no password ever matches it: the account logs in through Amazon until a reset sets one.
      passwordHash: `!amazon:${randomBytes(32).toString('base64url')}`,
      verified: true,
      isOwner: true,
      now,
    });
    await setGroupOwner(trx, groupId, userId);
    await linkAmazonUser(trx, userId, profile.userId, now);
  });
  return userOrThrow(db, userId);
}

async function userOrThrow(db: Db, userId: string): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error('linked user vanished');
  return user;
}

function emailTaken(): AppError {
  return appError('EmailAlreadyExists');
}
