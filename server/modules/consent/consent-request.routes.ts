import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { requireSession, sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/consent.contract.ts';
import { authorizingUser, sendOutcome } from '../oauth/authorize.http.ts';
import { acceptConsentRequest, describeConsentRequest } from './consent-request.service.ts';

/** The pending authorization request behind the consent pages: what they show, and their Accept. */
export default async function consentRequestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  app.route({
    ...routeOf(contract.consentRequest),
    preValidation: requireSession,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId, groupId, isOwner } = sessionOf(request);
      const data = await describeConsentRequest(db, request.query, { userId, groupId, isOwner });
      return { success: true as const, data };
    },
  });

  // The consent page's Accept (and the Alexa Together page's Continue) navigate here with the request's handle.
  app.route({
    ...routeOf(contract.consentAccept),
    handler: async (request, reply) => {
      // A GET that grants access must come from our own pages: a link or redirect from another site would otherwise
      // consent on the user's behalf. Browsers send Sec-Fetch-Site on navigations; clients without it are not browsers.
      const site = request.headers['sec-fetch-site'];
      const query =
        site === undefined || site === 'same-origin' ? contract.consentRequestQuery.safeParse(request.query) : null;
      if (!query?.success) return sendOutcome(request, reply, { kind: 'errorPage', description: 'invalid_request' });
      return sendOutcome(
        request,
        reply,
        await acceptConsentRequest(db, config, query.data, await authorizingUser(request)),
      );
    },
  });
}
