import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { limitBy } from '#server/plugins/rate-limit.plugin.ts';
import { sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/alert-forwarding.contract.ts';
import { requireDeveloper } from '../clients/developer.guard.ts';
import { deliveryLog, redeliverFailed, sendTestAlert } from './delivery-log.service.ts';
import { createSealer } from './key-sealing.ts';

// Each test alert costs an RSA signature and encryption and a call to the customer's server: a person clicking has
// no reason for more than a few a minute.
const TEST_ALERTS_PER_MINUTE = 10;

/** The delivery log of alert forwarding: read it, send a test alert, redeliver a failed delivery (owner only). */
export default async function deliveryLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const sealer = createSealer(app.config.alertKeysSecret);
  // Before validation: who may call comes first (401, 403), then what they sent (400).
  const guarded = { preValidation: requireDeveloper };

  app.route({
    ...routeOf(contract.listDeliveries),
    ...guarded,
    handler: async (request, reply) => {
      const ref = { groupId: sessionOf(request).groupId, clientUid: request.params.client_uid };
      const deliveries = await deliveryLog(db, { ...ref, limit: request.query.limit });
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { deliveries } };
    },
  });

  app.route({
    ...routeOf(contract.sendTestAlert),
    preValidation: [
      requireDeveloper,
      limitBy(app, {
        name: 'alert-forwarding:test-alert',
        max: TEST_ALERTS_PER_MINUTE,
        timeWindowMs: 60_000,
        key: (request) => sessionOf(request).groupId,
      }),
    ],
    handler: async (request) => {
      const ref = { groupId: sessionOf(request).groupId, clientUid: request.params.client_uid };
      const delivery = await sendTestAlert(db, sealer, ref);
      app.alertDelivery.wake();
      return { success: true as const, data: delivery };
    },
  });

  app.route({
    ...routeOf(contract.redeliver),
    ...guarded,
    handler: async (request) => {
      const delivery = await redeliverFailed(db, {
        groupId: sessionOf(request).groupId,
        clientUid: request.params.client_uid,
        deliveryId: request.params.delivery_id,
      });
      app.alertDelivery.wake();
      return { success: true as const, data: delivery };
    },
  });
}
