import type { Db } from '#server/db/database.ts';

/** What an instance needs before it takes traffic, each either reached or not. */
export type CheckState = 'ok' | 'unreachable';

export interface Readiness {
  ready: boolean;
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
 * there, the pool hands out a connection, the server answers), and Redis's PING when Redis is configured, since the
 * rate limits count there. Both run at once; neither failure is thrown.
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
  return { ready: database === 'ok' && (redisState === undefined || redisState === 'ok'), checks };
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
