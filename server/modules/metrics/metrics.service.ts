import type { Db } from '#server/db/database.ts';
import { exposition, gauge, type PortalMetrics } from '#server/lib/metrics.ts';
import { countPendingDeliveries, countUnsentMail } from './metrics.repository.ts';

/**
 * One scrape: this process's counters and the queues' depths, read now from the database (two counts on indexed
 * columns). The queues are shared by every instance, so each reports the same depth: aggregate them with max, not sum.
 */
export async function renderMetrics(db: Db, metrics: PortalMetrics): Promise<string> {
  const [mail, deliveries] = await Promise.all([countUnsentMail(db), countPendingDeliveries(db)]);
  return exposition([
    metrics.httpRequests,
    metrics.httpDuration,
    metrics.loginFailures,
    metrics.accountLocks,
    gauge('portal_mail_outbox_pending', 'Mail not yet sent (waiting or being retried), all instances', mail),
    gauge(
      'portal_alert_deliveries_pending',
      'Alert deliveries queued or waiting for a retry, all instances',
      deliveries,
    ),
    gauge('process_resident_memory_bytes', 'Resident memory of this process', process.memoryUsage.rss()),
  ]);
}
