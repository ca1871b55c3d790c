import { createPublicKey } from 'node:crypto';
import type { AlertDeliveryConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { AlertSeverity, AttemptFailure } from '#shared-domain/alert-delivery.ts';
import { alertContent } from '../alert-forwarding/alert-content.ts';
import { sealAlert, sealLegacyAlert } from '../alert-forwarding/alert-envelope.ts';
import { openKeys } from '../alert-forwarding/alert-forwarding.service.ts';
import type { Sealer } from '../alert-forwarding/key-sealing.ts';
import { openDetails } from './alert-payload.ts';
import { findAlert } from './alerts.repository.ts';
import {
  type AttemptEnd,
  type ClaimedDelivery,
  claimDelivery,
  findDeliveryTarget,
  finishAttempt,
  insertAttempt,
} from './deliveries.repository.ts';
import { nextStep } from './delivery-schedule.ts';
import { createWebhookSender, type Resolve, type WebhookResult, type WebhookSender } from './webhook-sender.ts';

/** Webhook calls one instance makes to one configuration at a time: a slow receiver holds two slots, never all. */
export const PER_CONFIGURATION = 2;

export interface AlertDeliveryWorker {
  /** Looks for due deliveries now instead of at the next poll (after alerts were queued, or a slot came free). */
  wake(): void;
  /** Sends every due delivery, waiting for each; resolves with how many were delivered (tests drive it). */
  runOnce(): Promise<number>;
  /** Stops taking deliveries, cuts the calls in flight short and gives their rows back, due at once. */
  stop(): Promise<void>;
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WorkerDeps {
  db: Db;
  config: AlertDeliveryConfig;
  sealer: Sealer;
  log: WorkerLog;
  send?: WebhookSender;
  /** Where webhook host names are resolved: the system's resolver unless given (tests keep every lookup local). */
  resolve?: Resolve;
  /** The clock of schedules and leases; tests move it by hand. Call latency is always measured on the real clock. */
  now?: () => number;
  random?: () => number;
  /** false: no timer and no wake-ups of its own, only runOnce (tests with a made-up clock). */
  poll?: boolean;
}

/**
 * The lease outlives the slowest attempt: the call's deadline plus the same again for the database and the sealing.
 * If the instance dies during an attempt, the row is due again when the lease runs out (at least once).
 */
export function leaseMsOf(config: Pick<AlertDeliveryConfig, 'timeoutMs'>): number {
  return 2 * config.timeoutMs + 2_000;
}

/** Every instance runs one (server/plugins/alert-delivery.plugin.ts), as for mail (mail.worker.ts). */
export function startAlertDeliveryWorker(deps: WorkerDeps): AlertDeliveryWorker {
  const { db, config, sealer, log } = deps;
  const send =
    deps.send ??
    createWebhookSender({ timeoutMs: config.timeoutMs, allowLoopback: config.allowLoopback, resolve: deps.resolve });
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const polling = deps.poll ?? true;
  const leaseMs = leaseMsOf(config);
  const inFlight = new Map<string, { clientId: string; done: Promise<boolean> }>();
  const stopping = new AbortController();
  let filling: Promise<Promise<boolean>[]> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  /** Configurations at their limit of calls in flight, which the next claim passes over. */
  function saturated(): string[] {
    const counts = new Map<string, number>();
    for (const { clientId } of inFlight.values()) counts.set(clientId, (counts.get(clientId) ?? 0) + 1);
    return [...counts].filter(([, n]) => n >= PER_CONFIGURATION).map(([clientId]) => clientId);
  }

  async function fill(): Promise<Promise<boolean>[]> {
    const started: Promise<boolean>[] = [];
    while (!stopping.signal.aborted && inFlight.size < config.concurrency) {
      const at = now();
      const claimed = await claimDelivery(db, {
        now: at,
        leaseUntil: at + leaseMs,
        leaseToken: crypto.randomUUID(),
        skipClientIds: saturated(),
      });
      if (!claimed) break;
      const done = attempt(claimed)
        .catch((err: unknown) => {
          // The database went away mid-attempt: the lease brings the row back.
          log.warn({ err, deliveryId: claimed.id }, 'alert delivery attempt not recorded');
          return false;
        })
        .finally(() => {
          inFlight.delete(claimed.id);
          if (polling) wake();
        });
      inFlight.set(claimed.id, { clientId: claimed.clientId, done });
      started.push(done);
    }
    return started;
  }

  function fillOnce(): Promise<Promise<boolean>[]> {
    if (filling) {
      again = true;
      return filling;
    }
    filling = fill()
      .catch((err: unknown) => {
        // The database may be briefly away; the rows wait for the next round.
        log.warn({ err }, 'alert delivery round failed');
        return [];
      })
      .finally(() => {
        filling = null;
        if (again && !stopping.signal.aborted) {
          again = false;
          void fillOnce();
        }
      });
    return filling;
  }

  function wake(): void {
    if (!stopping.signal.aborted) void fillOnce();
  }

  async function attempt(claimed: ClaimedDelivery): Promise<boolean> {
    const attemptId = crypto.randomUUID();
    await insertAttempt(db, { id: attemptId, deliveryId: claimed.id, attempt: claimed.attempt, startedAt: now() });
    const ref = { deliveryId: claimed.id, leaseToken: claimed.leaseToken, attemptId };
    const end = (e: Omit<AttemptEnd, 'now'>) => finishAttempt(db, ref, { ...e, now: now() });
    const sealed = await seal(claimed);
    if ('cancelled' in sealed) {
      await end({
        outcome: 'cancelled',
        ...noAnswer(sealed.cancelled, sealed.why),
        nextAttemptAt: null,
        refusals: claimed.refusals,
      });
      return false;
    }
    const result: WebhookResult =
      'body' in sealed
        ? await send(
            {
              url: sealed.url,
              body: sealed.body,
              headers: {
                'content-type': 'application/json',
                'user-agent': 'portal-alert-forwarding/1',
                // For support questions: the delivery log names the same id.
                'x-portal-delivery-id': claimed.id,
                // alert, test or ping, as GitHub's X-GitHub-Event: a receiver can answer a ping without opening it.
                'x-portal-event': sealed.kind,
              },
            },
            stopping.signal,
          )
        : { answered: false as const, failure: 'unsealable' as const, error: sealed.unsealable, latencyMs: 0 };
    const facts = result.answered
      ? {
          latencyMs: result.latencyMs,
          httpStatus: result.status,
          error: result.status >= 200 && result.status < 300 ? null : httpError(result.status, result.excerpt),
          failure: null,
        }
      : { latencyMs: result.latencyMs, httpStatus: null, error: result.error, failure: result.failure };
    if (stopping.signal.aborted && !(result.answered && result.status >= 200 && result.status < 300)) {
      // Cut short by shutdown: the row is due again at once, for another instance or the next start.
      await end({ outcome: 'retry', ...facts, nextAttemptAt: now(), refusals: claimed.refusals });
      return false;
    }
    const step = nextStep(
      result,
      { attempt: claimed.attempt, refusals: claimed.refusals, giveUpAt: claimed.giveUpAt, now: now() },
      random,
    );
    const nextAttemptAt = step.outcome === 'retry' ? step.nextAttemptAt : null;
    await end({ outcome: step.outcome, ...facts, nextAttemptAt, refusals: step.refusals });
    if (step.outcome === 'failed') {
      log.warn({ deliveryId: claimed.id, attempts: claimed.attempt, error: facts.error }, 'alert delivery given up');
    }
    return step.outcome === 'delivered';
  }

  /** The envelope for this attempt, sealed now with the configuration's current keys and the time of sealing. */
  async function seal(
    claimed: ClaimedDelivery,
  ): Promise<
    { url: string; body: string; kind: string } | { cancelled: string; why: AttemptFailure } | { unsealable: string }
  > {
    const target = await findDeliveryTarget(db, claimed.clientId);
    if (!target) return { cancelled: 'the alert forwarding configuration was cleared', why: 'configuration_cleared' };
    if (claimed.version === 3 && target.companyId === null) {
      return { cancelled: 'version 3 alerts were stopped for this account', why: 'v3_stopped' };
    }
    const alert = await findAlert(db, claimed.alertId);
    if (!alert) return { cancelled: 'the alert is gone', why: 'alert_gone' };
    try {
      const keys = {
        ...openKeys(sealer, target),
        recipientPublicKey: createPublicKey(target.groupPublicKey),
      };
      const details = openDetails(sealer, alert.id, alert.payloadSealed);
      const content = alertContent({
        version: claimed.version,
        alertId: alert.id,
        issuedAt: now(),
        clientUid: target.clientUid,
        ...(claimed.version === 3 && target.companyId !== null ? { companyId: target.companyId } : {}),
        ...(alert.kind === 'alert' ? {} : { mark: 'test' as const }),
        event:
          alert.kind === 'ping'
            ? null
            : {
                type: alert.type,
                occurredAt: alert.occurredAt,
                severity: alert.severity as AlertSeverity | null,
                details,
              },
      });
      const envelope =
        claimed.version === 3 && target.companyId !== null
          ? sealLegacyAlert(content, keys, target.companyId)
          : sealAlert(content, keys);
      return { url: target.url, body: JSON.stringify(envelope), kind: alert.kind };
    } catch (err) {
      // ALERT_KEYS_SECRET changed under stored keys: retried until the account acquires new keys or time runs out.
      log.warn({ err, deliveryId: claimed.id }, 'alert could not be sealed');
      return { unsealable: 'the configuration’s keys cannot be opened (ALERT_KEYS_SECRET changed?): acquire new keys' };
    }
  }

  function schedule(): void {
    if (!polling || stopping.signal.aborted) return;
    timer = setTimeout(() => {
      void fillOnce().finally(schedule);
    }, config.pollMs);
    timer.unref();
  }

  schedule();
  return {
    wake,
    async runOnce() {
      let delivered = 0;
      for (;;) {
        const started = await fillOnce();
        if (started.length === 0) return delivered;
        delivered += (await Promise.all(started)).filter(Boolean).length;
      }
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await filling;
      await Promise.all([...inFlight.values()].map((f) => f.done));
    },
  };
}

function noAnswer(error: string, failure: AttemptFailure) {
  return { latencyMs: null, httpStatus: null, error, failure };
}

function httpError(status: number, excerpt: string): string {
  return excerpt ? `HTTP ${status}: ${excerpt}` : `HTTP ${status}`;
}
