import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { requireSession, sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/consent.contract.ts';
import { type AppsCaller, listAuthorizedApps, revokeAuthorizedApp } from './consent.service.ts';

export default async function consentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.route({
    ...routeOf(contract.authorizedApps),
    preValidation: requireSession,
    handler: async (request) => {
      const apps = await listAuthorizedApps(db, appsCaller(request));
      return { success: true as const, data: { authorized_apps: { array: apps } } };
    },
  });

  app.route({
    ...routeOf(contract.revokeConsent),
    // The session first: without one the answer is 401, whatever the body.
    preValidation: requireSession,
    handler: async (request) => {
      const remaining = await revokeAuthorizedApp(db, appsCaller(request), request.body.client_id);
      return { success: true as const, data: { authorized_app: remaining } };
    },
  });
}

function appsCaller(request: FastifyRequest): AppsCaller {
  const { userId, groupId, isOwner } = sessionOf(request);
  return { userId, groupId, isOwner };
}
