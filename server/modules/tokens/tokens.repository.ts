import type { Db } from '#server/db/database.ts';

export type TokenKind = 'verification' | 'reset' | 'invitation';

export interface NewToken {
  id: string;
  kind: TokenKind;
  userId: string | null;
  groupId: string | null;
  emailNormalized: string;
  tokenHash: string;
  now: number;
  expiresAt: number;
  createdBy: string | null;
}

export interface TokenRecord {
  id: string;
  kind: TokenKind;
  userId: string | null;
  groupId: string | null;
  emailNormalized: string;
  expiresAt: number;
  usedAt: number | null;
  voidedAt: number | null;
  createdBy: string | null;
}

export async function insertToken(db: Db, t: NewToken): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: t.id,
      kind: t.kind,
      user_id: t.userId,
      group_id: t.groupId,
      email_normalized: t.emailNormalized,
      token_hash: t.tokenHash,
      created_at: t.now,
      expires_at: t.expiresAt,
      used_at: null,
      voided_at: null,
      created_by: t.createdBy,
    })
    .execute();
}

/** Supersedes every still-open token of this kind for this email. */
export async function voidOpenTokens(db: Db, kind: TokenKind, emailNormalized: string, now: number): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ voided_at: now })
    .where('kind', '=', kind)
    .where('email_normalized', '=', emailNormalized)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
}

export async function findTokenByHash(db: Db, kind: TokenKind, tokenHash: string): Promise<TokenRecord | null> {
  const row = await db
    .selectFrom('account_tokens')
    .select([
      'id',
      'kind',
      'user_id',
      'group_id',
      'email_normalized',
      'expires_at',
      'used_at',
      'voided_at',
      'created_by',
    ])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind as TokenKind,
    userId: row.user_id,
    groupId: row.group_id,
    emailNormalized: row.email_normalized,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    voidedAt: row.voided_at,
    createdBy: row.created_by,
  };
}

/**
 * Marks the token used if, at this instant, it still is usable. Every condition sits in the UPDATE itself, so of two
 * concurrent redemptions exactly one sees an affected row.
 */
export async function consumeToken(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
