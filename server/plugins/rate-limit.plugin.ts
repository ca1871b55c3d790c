import rateLimit from '@fastify/rate-limit';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import { AppError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

/**
 * Opt-in per route (`config.rateLimit`). With Redis the counters live there so every instance behind the load
 * balancer counts the same client together; without it they are per process.
 */
export default globalPlugin('rate-limit', async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisKeyPrefix}rate-limit:` } : {}),
    // A Redis outage must not lock everyone out; account locking still bounds password guessing meanwhile.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RateLimited', {
        code: GenericCode.RATE_LIMITED,
        message: 'Too many requests, please try again later',
        data: { retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
});
