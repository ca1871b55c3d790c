import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { limitBy } from '#server/plugins/rate-limit.plugin.ts';
import { sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/alert-forwarding.contract.ts';
import { requireDeveloper } from '../clients/developer.guard.ts';
import { clearConfig, editField, getConfig, overwriteKeys, setUp, stopV3Alerts } from './alert-forwarding.service.ts';
import { createSealer } from './key-sealing.ts';

// A 2048-bit RSA key pair costs tens of milliseconds of CPU; an account has no reason to ask for many a minute.
const KEY_ISSUES_PER_MINUTE = 20;

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** product.md §7: alert_forwarding_config, for the account owner of a group with API access (codes 9 and 80). */
export default async function alertForwardingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const sealer = createSealer(app.config.alertKeysSecret);
  const webhookRules = { allowLoopback: app.config.alertDelivery.allowLoopback };
  // Before validation: who may call comes first (401, 403), then what they sent (400).
  const guarded = { preValidation: requireDeveloper };
  const issuingKeys = {
    preValidation: [
      requireDeveloper,
      limitBy(app, {
        name: 'alert-forwarding:keys',
        max: KEY_ISSUES_PER_MINUTE,
        timeWindowMs: 60_000,
        // Edits of the url or key issue nothing and are not counted.
        key: (request) => {
          const body = request.body as Record<string, unknown> | undefined;
          const issues = request.method === 'POST' || body?.overwrite_portal_keys === true;
          return issues ? sessionOf(request).groupId : null;
        },
      }),
    ],
  };

  app.route({
    ...routeOf(contract.getConfig),
    ...guarded,
    handler: async (request, reply) => {
      const config = await getConfig(db, { groupId: sessionOf(request).groupId, clientUid: request.params.client_uid });
      noStore(reply);
      return { success: true as const, data: config };
    },
  });

  app.route({
    ...routeOf(contract.setUp),
    ...issuingKeys,
    handler: async (request, reply) => {
      const keys = await setUp(
        db,
        sealer,
        {
          groupId: sessionOf(request).groupId,
          clientUid: request.params.client_uid,
          url: request.body.url,
          publicRsaKey: request.body.public_rsa_key,
        },
        webhookRules,
      );
      // The setup's ping goes now rather than at the next poll.
      app.alertDelivery.wake();
      noStore(reply);
      return { success: true as const, data: keys };
    },
  });

  app.route({
    ...routeOf(contract.edit),
    ...issuingKeys,
    handler: async (request, reply) => {
      const { body } = request;
      const ref = { groupId: sessionOf(request).groupId, clientUid: request.params.client_uid };
      noStore(reply);
      if ('overwrite_portal_keys' in body)
        return { success: true as const, data: await overwriteKeys(db, sealer, ref) };
      const edit =
        'url' in body
          ? ({ field: 'url', value: body.url } as const)
          : ({ field: 'publicRsaKey', value: body.public_rsa_key } as const);
      const edited = await editField(db, sealer, { ...ref, ...edit }, webhookRules);
      // A changed webhook's ping goes now.
      if (edited.changed && edit.field === 'url') app.alertDelivery.wake();
      return { success: true as const, data: edited };
    },
  });

  app.route({
    ...routeOf(contract.clear),
    ...guarded,
    handler: async (request) => {
      await clearConfig(db, { groupId: sessionOf(request).groupId, clientUid: request.params.client_uid });
      return { success: true as const };
    },
  });

  app.route({
    ...routeOf(contract.stopV3Alerts),
    ...guarded,
    handler: async (request) => {
      await stopV3Alerts(db, sessionOf(request).groupId);
      return { success: true as const };
    },
  });
}
