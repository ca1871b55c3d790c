import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { type AppError, appError } from '#server/errors.ts';
import { normalizeEmail } from '../users/users.repository.ts';
import {
  consumeToken,
  findTokenByHash,
  insertToken,
  type TokenKind,
  type TokenRecord,
  voidOpenTokens,
} from './tokens.repository.ts';

export type { TokenKind, TokenRecord };

// 32 random bytes: a fast hash is enough for 256 bits of entropy, and a slow one would cap the rate
// of link checks at the hash rate.
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssueTokenInput {
  kind: TokenKind;
  email: string;
  userId: string | null;
  groupId?: string | null;
  createdBy?: string | null;
  ttlMs: number;
  now: number;
}

/**
 * Creates a token and voids the older open ones of its kind for the same email, so only the newest link works. Pass
 * the transaction of the change the token belongs to. Returns the token itself, which exists only in the mail.
 */
export async function issueToken(db: Db, input: IssueTokenInput): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const emailNormalized = normalizeEmail(input.email);
  const expiresAt = input.now + input.ttlMs;
  await voidOpenTokens(db, input.kind, emailNormalized, input.now);
  await insertToken(db, {
    id: crypto.randomUUID(),
    kind: input.kind,
    userId: input.userId,
    groupId: input.groupId ?? null,
    emailNormalized,
    tokenHash: hashToken(token),
    now: input.now,
    expiresAt,
    createdBy: input.createdBy ?? null,
  });
  return { token, expiresAt };
}

export function isUsable(record: TokenRecord, now: number): boolean {
  return record.usedAt === null && record.voidedAt === null && record.expiresAt > now;
}

/** The token's row whatever its state (used, voided, expired), for answers that depend on why it no longer works. */
export function findToken(db: Db, kind: TokenKind, token: string): Promise<TokenRecord | null> {
  return findTokenByHash(db, kind, hashToken(token));
}

/** The token's row when it could be redeemed right now; nothing is changed. */
export async function findUsableToken(
  db: Db,
  kind: TokenKind,
  token: string,
  now: number,
): Promise<TokenRecord | null> {
  const record = await findTokenByHash(db, kind, hashToken(token));
  return record && isUsable(record, now) ? record : null;
}

/**
 * Single use: marks the token used inside the caller's transaction, or throws INVALID_TOKEN when it is unknown, used,
 * expired, superseded, or was redeemed by a concurrent request a moment ago.
 */
export async function redeemToken(db: Db, record: TokenRecord, now: number, message?: string): Promise<void> {
  if (!(await consumeToken(db, record.id, now))) throw invalidToken(message);
}

export function invalidToken(message = 'The link is invalid or has expired'): AppError {
  return appError('InvalidToken', { message });
}
