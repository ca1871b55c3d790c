import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '#server/errors.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/metrics.contract.ts';
import { renderMetrics } from './metrics.service.ts';

/**
 * GET /metrics for the operator's Prometheus (docs/operations.md). Registered only when METRICS_ENABLED; a scrape
 * without the configured token is answered as not found, so the address tells an outsider nothing.
 */
export default async function metricsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db, metrics } = app;
  if (!config.metrics.enabled) return;
  const expected = config.metrics.token === null ? null : Buffer.from(`Bearer ${config.metrics.token}`);

  app.route({
    ...routeOf(contract.metrics),
    handler: async (request, reply) => {
      if (expected && !carries(request, expected)) throw appError('NotFound');
      const text = await renderMetrics(db, metrics);
      return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(text);
    },
  });
}

function carries(request: FastifyRequest, expected: Buffer): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
