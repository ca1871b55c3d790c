import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { clientInfo, setSessionCookies } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/consent.contract.ts';
import { SESSION_COOKIE } from '#shared-domain/login.ts';
import { closeSession } from '../sessions/sessions.service.ts';
import { loginWithAmazon } from './amazon.service.ts';

export default async function amazonRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  app.route({
    ...routeOf(contract.loginWithAmazon, { rateLimit: { max: config.rateLimitLoginPerMinute, timeWindow: 60_000 } }),
    handler: async (request, reply) => {
      const input = request.body;
      const result = await loginWithAmazon(db, config, {
        code: input.code,
        codeVerifier: input.code_verifier,
        linkCurrentAccount: input.link_current_account_to_amazon === true,
        returnTo: input.return_to ?? undefined,
        client: clientInfo(request),
      });
      // As with password login: a session replaced by a new login must not linger as a live credential.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await closeSession(db, config, previous, Date.now());
      setSessionCookies(reply, config, result.session);
      return { success: true as const, redirect: result.redirect };
    },
  });
}
