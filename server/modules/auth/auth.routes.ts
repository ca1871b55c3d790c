import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import {
  clearSessionCookies,
  clientInfo,
  loadSession,
  noSession,
  requireSession,
  sessionOf,
  setSessionCookies,
} from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/auth.contract.ts';
import { SESSION_COOKIE } from '#shared-domain/login.ts';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { denialRedirect } from '../consent/consent-request.service.ts';
import { closeSession } from '../sessions/sessions.service.ts';
import { type LoginObserver, login, redirectAfterLogin } from './auth.service.ts';

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const { loginFailures, accountLocks } = app.metrics;
  const loginObserver: LoginObserver = {
    failed: (reason) => loginFailures.inc({ reason }),
    locked: () => accountLocks.inc(),
  };

  app.route({
    ...routeOf(contract.login, { rateLimit: { max: config.rateLimitLoginPerMinute, timeWindow: 60_000 } }),
    handler: async (request, reply) => {
      const { body } = request;
      const returnTo = body.return_to ?? undefined;
      // Session-only form (product.md §4): the login page asks "am I already logged in?" with just return_to.
      if (body.username === undefined && body.password === undefined) {
        if (!(await loadSession(request))) throw noSession(request, reply);
        return { success: true as const, redirect: redirectAfterLogin(returnTo) };
      }
      const result = await login(db, config, {
        username: body.username ?? '',
        password: body.password ?? '',
        returnTo,
        shortLived: body.short_lived === true,
        client: clientInfo(request),
        observer: loginObserver,
      });
      // Logging in over an existing session replaces it; the old row must not linger as a live credential.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await closeSession(db, config, previous, Date.now());
      setSessionCookies(reply, config, result.session);
      return { success: true as const, redirect: result.redirect };
    },
  });

  app.route({
    ...routeOf(contract.logout),
    handler: async (request, reply) => {
      const { query } = request;
      // Consent Cancel answers the user's own authorization request: who that is must be read before the session ends.
      const user = query.error === 'access_denied' ? await loadSession(request) : null;
      const token = request.cookies[SESSION_COOKIE];
      if (token) await closeSession(db, config, token, Date.now());
      clearSessionCookies(reply, config);
      // Consent Cancel: the client of the request (or a registered client and one of its exact redirect URIs) hears of
      // the denial itself.
      const denial = await denialRedirect(db, config.oauth.issuer, query, user?.userId ?? null);
      if (denial) return reply.redirect(denial, 302);
      // The SPA fetches this; a plain link or form navigation (product.md §2: consent Cancel) lands on the logout page
      // instead of raw JSON, with its query (error, error_description, application_name, login_url) passed along.
      if (request.headers['sec-fetch-mode'] === 'navigate') {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${pagePaths.logout}${query}`, 303);
      }
      return { success: true, message: 'Logged out' };
    },
  });

  app.route({
    ...routeOf(contract.session),
    preValidation: requireSession,
    handler: async (request) => {
      const session = sessionOf(request);
      return {
        success: true as const,
        data: {
          user: {
            email: session.email,
            name: session.name,
            apiAccess: session.apiAccess,
            isGroupOwner: session.isOwner,
          },
        },
      };
    },
  });
}
