import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/parse.ts';
import { requireSession, sessionOf } from '../../plugins/session.plugin.ts';
import { acceptConsent } from '../oauth/authorize.service.ts';
import { authorizeParams } from '../oauth/oauth-params.ts';
import { authorizingUser, sendOutcome } from '../oauth/oauth.routes.ts';
import { listAuthorizedApps, revokeAuthorizedApp, type AppsCaller } from './consent.service.ts';

const revokeBody = z.object({ client_id: z.string().min(1).max(200) }).strict();

export default async function consentRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  // The consent page's Accept (and the Alexa Together page's Continue) navigate here with the request's parameters.
  app.get('/api/consent', async (request, reply) => {
    // A GET that grants access must come from our own pages: a link or redirect from another site would otherwise
    // consent on the user's behalf. Browsers send Sec-Fetch-Site on navigations; clients without it are not browsers.
    const site = request.headers['sec-fetch-site'];
    const params = site === undefined || site === 'same-origin' ? authorizeParams(request.query) : null;
    if (!params) return sendOutcome(request, reply, { kind: 'errorPage', description: 'invalid_request' });
    return sendOutcome(request, reply, await acceptConsent(db, config, params, await authorizingUser(request)));
  });

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
