import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** How a configuration's webhook has answered lately: the credentials table's Alert forwarding column. */
export interface DeliveryHealth {
  clientId: string;
  /** When a delivery (alert, test or ping) last got a 2xx, epoch ms; null before the first. */
  lastSuccessAt: number | null;
  /** Attempts that ended without a 2xx since the last one that got it (all of them before a first success). */
  failuresInARow: number;
}

/** One row per alert forwarding configuration of the account's credentials. */
export async function listDeliveryHealth(db: Db, groupId: string): Promise<DeliveryHealth[]> {
  const rows = await db
    .selectFrom('alert_forwarding_configs as c')
    .innerJoin('oauth_clients as o', 'o.id', 'c.client_id')
    .where('o.group_id', '=', groupId)
    .select((eb) => [
      'c.client_id as clientId',
      eb
        .selectFrom('alert_deliveries as d')
        .whereRef('d.client_id', '=', 'c.client_id')
        .select((e) => e.fn.max('d.delivered_at').as('at'))
        .as('lastSuccessAt'),
      eb
        .selectFrom('alert_delivery_attempts as a')
        .innerJoin('alert_deliveries as d', 'd.id', 'a.delivery_id')
        .whereRef('d.client_id', '=', 'c.client_id')
        .where('a.outcome', 'in', ['retry', 'failed'])
        .where(
          'a.started_at',
          '>',
          sql<number>`coalesce((select max(a2.started_at) from alert_delivery_attempts a2
            inner join alert_deliveries d2 on d2.id = a2.delivery_id
            where d2.client_id = c.client_id and a2.outcome = 'delivered'), 0)`,
        )
        .select((e) => e.fn.countAll().as('n'))
        .as('failuresInARow'),
    ])
    .execute();
  // PostgreSQL answers bigint aggregates as strings.
  return rows.map((r) => ({
    clientId: r.clientId,
    lastSuccessAt: r.lastSuccessAt === null ? null : Number(r.lastSuccessAt),
    failuresInARow: Number(r.failuresInARow ?? 0),
  }));
}
