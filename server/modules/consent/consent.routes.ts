import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/parse.ts';
import { requireSession, sessionOf } from '../../plugins/session.plugin.ts';
import { listAuthorizedApps, revokeAuthorizedApp, type AppsCaller } from './consent.service.ts';

const revokeBody = z.object({ client_id: z.string().min(1).max(200) }).strict();

export default async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/api/authorized_apps', { preHandler: requireSession }, async (request) => {
    const apps = await listAuthorizedApps(db, appsCaller(request));
    return { success: true, data: { authorized_apps: { array: apps } } };
  });

  app.put('/api/consent/revoke', { preHandler: requireSession }, async (request) => {
    const body = parse(revokeBody, request.body);
    const remaining = await revokeAuthorizedApp(db, appsCaller(request), body.client_id);
    return { success: true, data: { authorized_app: remaining } };
  });
}

function appsCaller(request: FastifyRequest): AppsCaller {
  const { userId, groupId, isOwner } = sessionOf(request);
  return { userId, groupId, isOwner };
}
