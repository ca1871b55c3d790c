import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/site.contract.ts';
import { publicConfigOf } from './public-config.ts';

export default async function siteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  // Public settings the SPA needs at run time, so one build serves every region and deployment.
  app.route({
    ...routeOf(contract.config),
    handler: async () => ({ success: true as const, data: publicConfigOf(config) }),
  });

  // Load balancers need "can this instance serve", which means reaching the database, not merely being up.
  app.route({
    ...routeOf(contract.healthz),
    handler: async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  });
}
