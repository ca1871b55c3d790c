import type { Db } from '#server/db/database.ts';
import type { AlertKind } from '#shared-domain/alert-delivery.ts';

export interface NewAlert {
  id: string;
  groupId: string;
  sourceClientId: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  kind: AlertKind;
  type: string;
  severity: string | null;
  occurredAt: number;
  payloadSealed: string;
  deliveryCount: number;
  now: number;
}

export interface StoredAlert {
  id: string;
  groupId: string;
  kind: AlertKind;
  type: string;
  severity: string | null;
  occurredAt: number;
  payloadSealed: string;
  requestHash: string | null;
  deliveryCount: number;
}

/** A forwarding configuration of the account, and whether it also gets the legacy feed. */
export interface ForwardingTarget {
  clientId: string;
  companyId: string | null;
}

export async function findGroupOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('group_id').where('id', '=', userId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** Every alert forwarding configuration of the account: one per credential that has one (product.md §3). */
export async function findForwardingTargets(db: Db, groupId: string): Promise<ForwardingTarget[]> {
  const rows = await db
    .selectFrom('alert_forwarding_configs')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'alert_forwarding_configs.client_id')
    .innerJoin('groups', 'groups.id', 'oauth_clients.group_id')
    .select(['alert_forwarding_configs.client_id', 'groups.company_id'])
    .where('oauth_clients.group_id', '=', groupId)
    .orderBy('alert_forwarding_configs.created_at')
    .execute();
  return rows.map((r) => ({ clientId: r.client_id, companyId: r.company_id }));
}

export async function insertAlert(db: Db, a: NewAlert): Promise<void> {
  await db
    .insertInto('alerts')
    .values({
      id: a.id,
      group_id: a.groupId,
      source_client_id: a.sourceClientId,
      idempotency_key: a.idempotencyKey,
      request_hash: a.requestHash,
      kind: a.kind,
      type: a.type,
      severity: a.severity,
      occurred_at: a.occurredAt,
      payload_sealed: a.payloadSealed,
      delivery_count: a.deliveryCount,
      created_at: a.now,
    })
    .execute();
}

export async function findAlertByIdempotencyKey(
  db: Db,
  sourceClientId: string,
  idempotencyKey: string,
): Promise<StoredAlert | null> {
  const row = await selectAlerts(db)
    .where('source_client_id', '=', sourceClientId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? toStoredAlert(row) : null;
}

export async function findAlert(db: Db, id: string): Promise<StoredAlert | null> {
  const row = await selectAlerts(db).where('id', '=', id).executeTakeFirst();
  return row ? toStoredAlert(row) : null;
}

function selectAlerts(db: Db) {
  return db
    .selectFrom('alerts')
    .select([
      'id',
      'group_id',
      'kind',
      'type',
      'severity',
      'occurred_at',
      'payload_sealed',
      'request_hash',
      'delivery_count',
    ]);
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof selectAlerts>['executeTakeFirstOrThrow']>>;

function toStoredAlert(row: AlertRow): StoredAlert {
  return {
    id: row.id,
    groupId: row.group_id,
    kind: row.kind as AlertKind,
    type: row.type,
    severity: row.severity,
    occurredAt: row.occurred_at,
    payloadSealed: row.payload_sealed,
    requestHash: row.request_hash,
    deliveryCount: row.delivery_count,
  };
}

/** Alerts whose every delivery has ended, older than `before`: their deliveries and attempts go with them. */
export async function deleteFinishedAlerts(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('alerts')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('alert_deliveries')
            .select('alert_deliveries.id')
            .whereRef('alert_deliveries.alert_id', '=', 'alerts.id')
            .where('alert_deliveries.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
