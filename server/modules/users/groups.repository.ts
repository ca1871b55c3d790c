import type { Db } from '#server/db/database.ts';

export async function insertGroup(
  db: Db,
  group: { id: string; apiAccess: boolean; companyId: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('groups')
    .values({
      id: group.id,
      owner_user_id: null,
      api_access: group.apiAccess ? 1 : 0,
      company_id: group.companyId,
      created_at: group.now,
    })
    .execute();
}

export async function setGroupOwner(db: Db, groupId: string, ownerUserId: string): Promise<void> {
  await db.updateTable('groups').set({ owner_user_id: ownerUserId }).where('id', '=', groupId).execute();
}
