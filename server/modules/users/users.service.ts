import type { Db } from '#server/db/database.ts';
import { appError } from '#server/errors.ts';
import { validationName } from '#server/lib/account-errors.ts';
import { hashPassword } from '#server/lib/password.ts';
import { validatePassword } from '#shared-domain/password.ts';
import { insertGroup, setGroupOwner } from './groups.repository.ts';
import { findUserByEmail, insertUser, listUsers as listUserRecords, type UserRecord } from './users.repository.ts';

export interface CreateUserInput {
  email: string;
  name: string;
  password: string;
  verified?: boolean;
  /** Creates a new group owned by this user (isGroupOwner). Ignored when `groupOfEmail` is given. */
  owner?: boolean;
  /** Adds the user as a secondary user of the group owned by this email. */
  groupOfEmail?: string;
  apiAccess?: boolean;
  companyId?: string | null;
  language?: string;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Every user belongs to a group (an account). A user created on their own gets a fresh group; `owner` decides whether
 * they own it. Shared by the operator CLI and the test helpers so both create users exactly like production does.
 */
export async function createUser(db: Db, input: CreateUserInput): Promise<UserRecord> {
  const email = input.email.trim();
  if (email === '') throw appError('MissingEmail');
  if (!EMAIL_SHAPE.test(email)) throw appError('EmailInIncorrectFormat');
  if (input.name.trim() === '') throw appError('MissingName');
  const passwordProblem = validatePassword(input.password);
  if (passwordProblem) throw appError(validationName(passwordProblem));
  if (await findUserByEmail(db, email)) {
    throw appError('EmailAlreadyRegistered', { message: `A user with email ${email} already exists` });
  }

  const owningGroup = input.groupOfEmail ? await findUserByEmail(db, input.groupOfEmail) : null;
  if (input.groupOfEmail && !owningGroup?.isOwner) {
    throw appError('GroupOwnerNotFound', { message: `No group owner with email ${input.groupOfEmail}` });
  }

  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  const userId = crypto.randomUUID();
  const isOwner = !owningGroup && input.owner === true;
  await db.transaction().execute(async (trx) => {
    let groupId = owningGroup?.groupId;
    if (!groupId) {
      groupId = crypto.randomUUID();
      await insertGroup(trx, {
        id: groupId,
        apiAccess: input.apiAccess === true,
        companyId: input.companyId ?? null,
        now,
      });
    }
    await insertUser(trx, {
      id: userId,
      groupId,
      email,
      name: input.name.trim(),
      passwordHash,
      verified: input.verified ?? true,
      isOwner,
      language: input.language,
      now,
    });
    if (isOwner) await setGroupOwner(trx, groupId, userId);
  });
  const created = await findUserByEmail(db, email);
  if (!created) throw new Error('user vanished right after creation');
  return created;
}

export function listUsers(db: Db): Promise<UserRecord[]> {
  return listUserRecords(db);
}
