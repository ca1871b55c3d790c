import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/alerts.contract.ts';
import { createSealer } from '../alert-forwarding/key-sealing.ts';
import { ingestAlert } from './alerts.service.ts';
import { requireIngestToken, serviceCallerOf } from './service-token.guard.ts';

/** The monitoring backend hands alerts in here (docs/api/alert-ingestion.md); the worker forwards them. */
export default async function alertsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sealer = createSealer(app.config.alertKeysSecret);

  app.route({
    ...routeOf(contract.ingestAlert),
    // Who calls comes first (401, 403), then what they sent (400), as on every guarded route.
    preValidation: requireIngestToken,
    handler: async (request, reply) => {
      const { answer, replayed } = await ingestAlert(app.db, sealer, {
        sourceClientId: serviceCallerOf(request).clientId,
        body: request.body,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      else if (answer.deliveries > 0) app.alertDelivery.wake();
      reply.code(202);
      return { success: true as const, data: answer };
    },
  });
}
