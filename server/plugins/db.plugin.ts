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
        // Fail fast rather than queue requests for long when Redis is away; callers decide how to degrade.
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      })
    : null;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await db.destroy();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
});
