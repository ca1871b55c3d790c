import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/parse.ts';
import { sessionOf } from '../../plugins/session.plugin.ts';
import { clientEndpoints } from '../oauth/metadata.ts';
import { createClient, deleteClient, listClients, rotateSecret, type ClientRecord } from './clients.service.ts';
import { requireDeveloper } from './developer.guard.ts';
import { REDIRECT_URI_LIMITS } from './redirect-uris.ts';

// Lengths bound the request; the service owns the rules (grant types, URI shape, name length, caps).
const createBody = z
  .object({
    grant_type: z.string().max(64),
    application_name: z.string().max(1000).nullable().optional(),
    redirect_uris: z.array(z.string().max(4096)).max(100).nullable().optional(),
  })
  .strict();
const rotateBody = z.object({ client_id: z.string().min(1).max(200) }).strict();
const idParams = z.object({ id: z.string().min(1).max(200) }).strict();

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

/** POST and PUT client_grant answer alike: the credential plus the secret, which exists only in this response. */
function withSecret({ client, secret }: { client: ClientRecord; secret: string }) {
  const { id, client_uid, client_id, grant_type, application_name, redirect_uris, scope } = toWire(client);
  return { success: true, data: { id, client_uid, client_id, secret, scope, application_name, grant_type, redirect_uris } };
}

export default async function clientsRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const guarded = { preHandler: requireDeveloper };

  // Beside the spec's clients: the limits the page shows before they bite, and where a client gets its tokens.
  const limits = {
    clients_per_grant_type: config.oauth.clientCapPerGrantType,
    redirect_uris_per_grant: REDIRECT_URI_LIMITS.maxCount,
    redirect_uri_length: REDIRECT_URI_LIMITS.maxLength,
  };
  const endpoints = clientEndpoints(config.oauth.issuer);

  app.get('/api/credentials', guarded, async (request, reply) => {
    const clients = await listClients(db, sessionOf(request).groupId);
    reply.header('cache-control', 'no-store');
    return { success: true, data: { clients: { array: clients.map(toWire) }, limits, endpoints } };
  });

  // The app-wide body limit (16 KiB) is below what the URI rules admit (ten URIs of 2048 characters), so this route
  // takes room for every valid body and for a few more URIs, which the service then refuses by name.
  const createLimit = (REDIRECT_URI_LIMITS.maxCount * 2 + 4) * (REDIRECT_URI_LIMITS.maxLength + 16);
  app.post('/api/client_grant', { ...guarded, bodyLimit: createLimit }, async (request, reply) => {
    const body = parse(createBody, request.body);
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
  });

  // The application name is not a field here: once set it cannot change (product.md §4), only the secret can.
  app.put('/api/client_grant', guarded, async (request, reply) => {
    const body = parse(rotateBody, request.body);
    const rotated = await rotateSecret(db, sessionOf(request).groupId, body.client_id);
    reply.header('cache-control', 'no-store');
    return withSecret(rotated);
  });

  app.delete('/api/client_credentials/:id', guarded, async (request) => {
    const { id } = parse(idParams, request.params);
    await deleteClient(db, sessionOf(request).groupId, id);
    return { success: true };
  });
}
