import type { Db } from '#server/db/database.ts';
import type { MailConfig } from '#server/lifecycle-config.ts';
import { claimMail, findDueMail, type MailRecord, markMailFailed, markMailSent } from './mail.repository.ts';
import type { MailLog, MailTransport } from './mail.transport.ts';

// A claim must outlive the slowest send (SMTP timeouts are at most 30 s per step); if the instance dies holding it,
// the row becomes due again when the claim runs out, so a crash delays mail but never loses it.
const CLAIM_MS = 5 * 60_000;
const BATCH = 20;

export interface MailWorker {
  /** Runs a round now instead of at the next poll (after a request queued mail). */
  wake(): void;
  /** One round: claims and sends every due message; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the round in progress; claimed rows are released by their lease. */
  stop(): Promise<void>;
}

export function retryDelay(config: Pick<MailConfig, 'retryBaseMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, attempts - 1), config.retryMaxMs);
}

export function startMailWorker(deps: {
  db: Db;
  config: MailConfig;
  transport: MailTransport;
  log: MailLog;
}): MailWorker {
  const { db, config, transport, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(mail: MailRecord): Promise<boolean> {
    try {
      await transport.send(mail);
    } catch (err) {
      const attempts = mail.attempts + 1;
      const delay = retryDelay(config, attempts);
      const error = err instanceof Error ? err.message : String(err);
      log.warn({ mailId: mail.id, attempts, retryInMs: delay, error }, 'mail not sent; will retry');
      await markMailFailed(db, mail.id, { attempts, nextAttemptAt: Date.now() + delay, error });
      return false;
    }
    await markMailSent(db, mail.id, Date.now());
    return true;
  }

  async function round(): Promise<number> {
    let sent = 0;
    // Keep going while full batches come back, so a backlog drains without waiting a poll per batch.
    for (;;) {
      const now = Date.now();
      const due = await findDueMail(db, now, BATCH);
      for (const mail of due) {
        if (stopped) return sent;
        if (!(await claimMail(db, mail.id, now, now + CLAIM_MS))) continue; // another instance has it
        if (await deliver(mail)) sent++;
      }
      if (due.length < BATCH || stopped) return sent;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        // The database may be briefly away; the rows wait for the next round.
        log.warn({ err }, 'mail round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, config.pollMs);
    timer.unref();
  }

  schedule();
  return {
    wake: () => {
      if (!stopped) void runOnce();
    },
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
