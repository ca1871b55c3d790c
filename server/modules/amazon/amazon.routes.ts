import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../../shared-domain/login.ts';
import { parse } from '../../lib/parse.ts';
import { clientInfo, setSessionCookies } from '../../plugins/session.plugin.ts';
import { closeSession } from '../sessions/sessions.service.ts';
import { loginWithAmazon } from './amazon.service.ts';

const body = z
  .object({
    code: z.string().min(1).max(2048),
    // RFC 7636 §4.1: 43 to 128 characters.
    code_verifier: z.string().min(43).max(128),
    link_current_account_to_amazon: z.boolean().optional(),
    return_to: z.string().max(2048).nullable().optional(),
  })
  .strict();

export default async function amazonRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  app.post('/api/loginwithamazon', {
    config: { rateLimit: { max: config.rateLimitLoginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const input = parse(body, request.body);
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
      return { success: true, redirect: result.redirect };
    },
  });
}
