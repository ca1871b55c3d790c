import { validatePassword } from '../../../shared-domain/password.ts';
import { GenericCode, ValidationCode } from '../../../shared-domain/error-codes.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';
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
  if (email === '') throw invalid(ValidationCode.MISSING_EMAIL, 'MissingEmail', 'Email is required');
  if (!EMAIL_SHAPE.test(email)) throw invalid(GenericCode.VALIDATION_ERROR, 'EmailInIncorrectFormat', 'Email is in incorrect format');
  if (input.name.trim() === '') throw invalid(ValidationCode.MISSING_NAME, 'MissingName', 'Name is required');
  const passwordProblem = validatePassword(input.password);
  if (passwordProblem) throw invalid(passwordProblem, passwordProblem, passwordMessage(passwordProblem));
  if (await findUserByEmail(db, email)) {
    throw invalid(GenericCode.VALIDATION_ERROR, 'EmailAlreadyExists', `A user with email ${email} already exists`);
  }

  const owningGroup = input.groupOfEmail ? await findUserByEmail(db, input.groupOfEmail) : null;
  if (input.groupOfEmail && (!owningGroup || !owningGroup.isOwner)) {
    throw invalid(GenericCode.VALIDATION_ERROR, 'GroupOwnerNotFound', `No group owner with email ${input.groupOfEmail}`);
  }

  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  const userId = crypto.randomUUID();
  const isOwner = !owningGroup && input.owner === true;
  await db.transaction().execute(async (trx) => {
    let groupId = owningGroup?.groupId;
    if (!groupId) {
      groupId = crypto.randomUUID();
      await insertGroup(trx, { id: groupId, apiAccess: input.apiAccess === true, companyId: input.companyId ?? null, now });
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

function invalid(code: AppError['code'], name: string, message: string): AppError {
  return new AppError(400, name, { code, message });
}

function passwordMessage(code: string): string {
  switch (code) {
    case ValidationCode.MISSING_PASSWORD:
      return 'Password is required';
    case ValidationCode.PASSWORD_NOT_ENOUGH_LENGTH:
      return 'Password must be 10 to 32 characters long';
    case ValidationCode.PASSWORD_NO_DIGIT:
      return 'Password must contain a digit';
    case ValidationCode.PASSWORD_NO_UPPERCASE:
      return 'Password must contain an uppercase letter';
    default:
      return 'Password must contain a lowercase letter';
  }
}
