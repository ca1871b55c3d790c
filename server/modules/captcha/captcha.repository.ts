import type { Db } from '#server/db/database.ts';

/**
 * Records a redeemed challenge. Returns false when it was already there: the primary key, not a prior read, decides,
 * so two instances racing with the same solution cannot both win.
 */
export async function rememberUsedChallenge(db: Db, signature: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('captcha_used')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function purgeExpiredChallenges(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captcha_used').where('expires_at', '<', now).execute();
}
