import type { Db } from '#server/db/database.ts';

/** Mail not yet sent (due or waiting for a retry); `mail_outbox_due_idx` starts with `sent_at`. */
export async function countUnsentMail(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Alert deliveries still to make (queued or waiting for a retry); `alert_deliveries_due_idx` starts with `status`. */
export async function countPendingDeliveries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
