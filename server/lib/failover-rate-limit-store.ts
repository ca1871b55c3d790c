import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The plugin's own stores, which it does not export by name: the same counting, in Redis or in this process. */
interface PluginStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read?(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;

export interface FailoverLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * A rate-limit store that counts in Redis, shared by every instance, and in this instance's memory while Redis cannot
 * be reached (architecture.md §5, "Rate limits"): every limit keeps holding, per instance, instead of letting everything
 * through (open) or refusing everyone (closed). A count never waits on a dead Redis: a client that is not connected
 * answers at once, and the Redis client's command timeout bounds one that hangs. Counting goes back to Redis as soon as
 * it is connected again; the counts of the outage stay behind in memory and run out with their window.
 */
export function failoverStore(redis: Redis, nameSpace: string, log: FailoverLog): FastifyRateLimitStoreCtor {
  let failing = false;
  const fellBack = (err: Error | null) => {
    if (!failing) log.warn({ err }, 'rate limits counted per instance: redis unreachable');
    failing = true;
  };
  const recovered = () => {
    if (failing) log.info({}, 'rate limits counted in redis again');
    failing = false;
  };

  class FailoverStore implements FastifyRateLimitStore {
    private readonly shared: PluginStore;
    private readonly local: PluginStore;
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      pair?: [PluginStore, PluginStore],
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      [this.shared, this.local] = pair ?? [
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      ];
    }

    incr(key: string, done: Done, timeWindow: number, max: number): void {
      this.count('incr', key, done, timeWindow, max);
    }

    read(key: string, done: Done, timeWindow: number, max: number): void {
      this.count('read', key, done, timeWindow, max);
    }

    private count(method: 'incr' | 'read', key: string, done: Done, timeWindow: number, max: number): void {
      const local = () => this.local[method]?.(key, done, timeWindow, max);
      if (redis.status !== 'ready') {
        fellBack(null);
        local();
        return;
      }
      this.shared[method]?.(
        key,
        (err, result) => {
          if (err) {
            fellBack(err);
            local();
            return;
          }
          recovered();
          done(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      const options = routeOptions as unknown as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      return new FailoverStore(options, [this.shared.child(routeOptions), this.local.child(routeOptions)]);
    }
  }
  return FailoverStore as unknown as FastifyRateLimitStoreCtor;
}
