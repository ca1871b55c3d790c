import type { FastifyInstance } from 'fastify';
import { authorizingUser, sendOutcome } from './authorize.http.ts';
import { authorize } from './authorize.service.ts';
import { authorizationServerMetadata, jwks } from './metadata.ts';
import { authorizeParams } from './oauth-params.ts';

/** The browser-facing half of the authorization server, plus the public documents clients discover it by. */
export default async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  app.get('/api/oauth/authorize', async (request, reply) => {
    const params = authorizeParams(request.query);
    if (!params) return sendOutcome(request, reply, { kind: 'errorPage', description: 'invalid_request' });
    return sendOutcome(request, reply, await authorize(db, config, params, await authorizingUser(request)));
  });

  app.get('/.well-known/oauth-authorization-server', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return authorizationServerMetadata(config);
  });

  app.get('/api/oauth/jwks', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return jwks(config);
  });
}
