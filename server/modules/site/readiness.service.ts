import type { Db } from '#server/db/database.ts';

/** What an instance needs before it takes traffic, each either reached or not. */
export type CheckState = 'ok' | 'unreachable';

export interface Readiness {
  /** The database answers: this instance can serve. */
  ready: boolean;
  /** Ready, but Redis does not answer: limits are counted in this instance's memory until it does. */
  degraded: boolean;
  checks: { database: CheckState; redis?: CheckState };
}

/** Redis as readiness sees it: one round trip. */
export interface Pingable {
  ping(): Promise<unknown>;
}

/**
 * A check that hangs is as unready as one that fails, and a load balancer's probe gives up after a few seconds: each
 * check gets this long, so the answer comes before the probe's own timeout.
 */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Whether this instance can serve (`GET /readyz`): a real query on a table every request path reads (the schema is
 * there, the pool hands out a connection, the server answers), and Redis's PING when Redis is configured. Only the
 * database decides: without Redis an instance still serves, its rate limits counted in its own memory
 * (failover-rate-limit-store.ts), and since every instance shares the one Redis, making it a condition would take
 * them all out of the load balancer at once. Both run at once; neither failure is thrown.
 */
export async function checkReadiness(
  db: Db,
  redis: Pingable | null,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, redisState] = await Promise.all([
    reached(() => db.selectFrom('users').select('id').limit(1).execute(), timeoutMs),
    redis ? reached(() => redis.ping(), timeoutMs) : Promise.resolve(undefined),
  ]);
  const checks = { database, ...(redisState ? { redis: redisState } : {}) };
  return { ready: database === 'ok', degraded: redisState === 'unreachable', checks };
}

async function reached(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs);
  });
  try {
    return await Promise.race([
      // Through a promise, so a check that throws at once (a destroyed pool) is unreachable too, not a thrown error.
      Promise.resolve()
        .then(check)
        .then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
