import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Shared state across instances (rate limits); null on a single instance without Redis. */
    redis: Redis | null;
  }
}

/** Opens the database (migrated to latest before any route runs) and Redis; closes both when the app closes. */
export default globalPlugin<{ config: Config }>('db', async (app, { config }) => {
  const db = createDatabase(config, app.log);
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Fail fast rather than queue requests when Redis is away: a command while disconnected fails at once, one that
        // gets no answer fails after commandTimeout, and callers degrade (the rate limits count in memory meanwhile).
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 500,
        connectTimeout: 2000,
      })
    : null;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  // Without an offline queue, requests before the connection is up would be counted in memory only; wait for it as
  // long as one connection attempt may take, and start without it (counting in memory) if Redis is down at boot.
  if (redis) await connected(redis, 2500);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await db.destroy();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
});

function connected(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}
