import type { Db } from '#server/db/database.ts';

export async function findUserIdByAmazonId(db: Db, amazonUserId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('amazon_user_id', '=', amazonUserId).executeTakeFirst();
  return row?.id ?? null;
}

export async function linkAmazonUser(db: Db, userId: string, amazonUserId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ amazon_user_id: amazonUserId, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
