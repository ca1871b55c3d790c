import type { FastifyInstance } from 'fastify';
import { appError } from '#server/errors.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/site.contract.ts';
import { publicConfigOf } from './public-config.ts';
import { checkReadiness } from './readiness.service.ts';

// About a database restart or failover: soon enough to rejoin quickly, not so often that probes add load.
const READY_RETRY_AFTER_SECONDS = 5;

export default async function siteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  // Public settings the SPA needs at run time, so one build serves every region and deployment.
  app.route({
    ...routeOf(contract.config),
    handler: async () => ({ success: true as const, data: publicConfigOf(config) }),
  });

  // Liveness only: a database outage must not make an orchestrator restart every instance at once.
  app.route({
    ...routeOf(contract.healthz),
    handler: async () => ({ status: 'ok' as const }),
  });

  // Readiness: a load balancer sends traffic only to an instance that reaches what every request needs.
  app.route({
    ...routeOf(contract.readyz),
    handler: async (request, reply) => {
      const readiness = await checkReadiness(db, app.redis);
      if (readiness.ready) {
        if (readiness.degraded) request.log.warn({ checks: readiness.checks }, 'ready, degraded: Redis unreachable');
        return { status: readiness.degraded ? ('degraded' as const) : ('ready' as const), checks: readiness.checks };
      }
      request.log.warn({ checks: readiness.checks }, 'not ready');
      reply.header('retry-after', String(READY_RETRY_AFTER_SECONDS));
      throw appError('ServiceUnavailable', {
        data: { retry_after_seconds: READY_RETRY_AFTER_SECONDS, checks: readiness.checks },
      });
    },
  });
}
