import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { publicConfigOf } from './public-config.ts';

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  // Public settings the SPA needs at run time, so one build serves every region and deployment.
  app.get('/api/config', async () => ({ success: true, data: publicConfigOf(config) }));

  // Load balancers need "can this instance serve", which means reaching the database, not merely being up.
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
