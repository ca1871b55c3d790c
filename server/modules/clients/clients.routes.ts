import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/clients.contract.ts';
import type { DeliveryHealth } from '../alerts/delivery-health.repository.ts';
import { clientEndpoints } from '../oauth/metadata.ts';
import { type ClientRecord, createClient, deleteClient, listCredentials, rotateSecret } from './clients.service.ts';
import { requireDeveloper } from './developer.guard.ts';
import { REDIRECT_URI_LIMITS } from './redirect-uris.ts';

/** The wire form of a credential (product.md §3): never a secret or its hash. */
function toWire(client: ClientRecord) {
  return {
    id: client.id,
    client_uid: client.clientUid,
    client_id: client.clientId,
    application_name: client.applicationName,
    grant_type: client.grantType,
    redirect_uris: client.redirectUris,
    scope: client.scope,
    created_at: client.createdAt,
    last_used_at: client.lastUsedAt,
  };
}

/** The list's Alert forwarding column: null while nothing is set up. */
function healthWire(health: DeliveryHealth | null) {
  return health ? { last_success_at: health.lastSuccessAt, failures_in_a_row: health.failuresInARow } : null;
}

/** POST and PUT client_grant answer alike: the credential plus the secret, which exists only in this response. */
function withSecret({ client, secret }: { client: ClientRecord; secret: string }) {
  const { id, client_uid, client_id, grant_type, application_name, redirect_uris, scope } = toWire(client);
  return {
    success: true as const,
    data: { id, client_uid, client_id, secret, scope, application_name, grant_type, redirect_uris },
  };
}

export default async function clientsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  // Before validation: who may call comes first (401, 403), then what they sent (400).
  const guarded = { preValidation: requireDeveloper };

  // Beside the spec's clients: the limits the page shows before they bite, and where a client gets its tokens.
  const limits = {
    clients_per_grant_type: config.oauth.clientCapPerGrantType,
    redirect_uris_per_grant: REDIRECT_URI_LIMITS.maxCount,
    redirect_uri_length: REDIRECT_URI_LIMITS.maxLength,
  };
  const endpoints = clientEndpoints(config.oauth.issuer);

  app.route({
    ...routeOf(contract.credentials),
    ...guarded,
    handler: async (request, reply) => {
      const listed = await listCredentials(db, sessionOf(request).groupId);
      const array = listed.map(({ client, forwarding }) => ({
        ...toWire(client),
        alert_forwarding: healthWire(forwarding),
      }));
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { clients: { array }, limits, endpoints } };
    },
  });

  // The app-wide body limit (16 KiB) is below what the URI rules admit (ten URIs of 2048 characters), so this route
  // takes room for every valid body and for a few more URIs, which the service then refuses by name.
  const createLimit = (REDIRECT_URI_LIMITS.maxCount * 2 + 4) * (REDIRECT_URI_LIMITS.maxLength + 16);
  app.route({
    ...routeOf(contract.createGrant),
    ...guarded,
    bodyLimit: createLimit,
    handler: async (request, reply) => {
      const { body } = request;
      const session = sessionOf(request);
      const created = await createClient(db, config, {
        groupId: session.groupId,
        userId: session.userId,
        grantType: body.grant_type,
        applicationName: body.application_name,
        redirectUris: body.redirect_uris,
      });
      reply.header('cache-control', 'no-store');
      return withSecret(created);
    },
  });

  // The application name is not a field here: once set it cannot change (product.md §4), only the secret can.
  app.route({
    ...routeOf(contract.rotateSecret),
    ...guarded,
    handler: async (request, reply) => {
      const rotated = await rotateSecret(db, sessionOf(request).groupId, request.body.client_id);
      reply.header('cache-control', 'no-store');
      return withSecret(rotated);
    },
  });

  app.route({
    ...routeOf(contract.deleteCredential),
    ...guarded,
    handler: async (request) => {
      await deleteClient(db, sessionOf(request).groupId, request.params.id);
      return { success: true as const };
    },
  });
}
