import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/oauth.contract.ts';
import { authorizingUser, sendOutcome } from './authorize.http.ts';
import { authorize } from './authorize.service.ts';
import { authorizationServerMetadata, jwks } from './metadata.ts';
import { authorizeParams } from './oauth-params.ts';

/** The browser-facing half of the authorization server, plus the public documents clients discover it by. */
export default async function oauthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  app.route({
    ...routeOf(contract.authorize),
    handler: async (request, reply) => {
      const params = authorizeParams(request.query);
      if (!params) return sendOutcome(request, reply, { kind: 'errorPage', description: 'invalid_request' });
      return sendOutcome(request, reply, await authorize(db, config, params, await authorizingUser(request)));
    },
  });

  app.route({
    ...routeOf(contract.metadata),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return authorizationServerMetadata(config);
    },
  });

  app.route({
    ...routeOf(contract.jwks),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return jwks(config);
    },
  });
}
