import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadSession } from '#server/plugins/session.plugin.ts';
import { pagePaths } from '#shared-domain/page-paths.ts';
import { DEFAULT_AFTER_LOGIN, OAUTH_AUTHORIZE_PATH, safeReturnTo } from '#shared-domain/redirect.ts';
import type { AuthorizeOutcome, AuthorizingUser } from './authorize.service.ts';

// The HTTP side of an authorization outcome, shared by the authorize endpoint (oauth.routes.ts) and the consent
// page's Accept (consent-request.routes.ts); a file of its own because a module's routes import no other module's
// routes (architecture.md §4 rule 6).

export async function authorizingUser(request: FastifyRequest): Promise<AuthorizingUser | null> {
  const session = await loadSession(request);
  return session ? { userId: session.userId, groupId: session.groupId, isOwner: session.isOwner } : null;
}

/**
 * Every outcome is a navigation: our login page, our error page, or a redirect the service has already checked
 * (consent page or registered URI). After the login the browser comes back to the authorization request (the one API
 * path return_to accepts) or, when the consent endpoint asked, to the consent page of the same request: a return_to
 * that reached /api/consent would grant consent without the person seeing that page.
 */
export function sendOutcome(request: FastifyRequest, reply: FastifyReply, outcome: AuthorizeOutcome) {
  reply.header('cache-control', 'no-store');
  if (outcome.kind === 'login') {
    const query = request.url.indexOf('?');
    const back = request.routeOptions.url === OAUTH_AUTHORIZE_PATH ? OAUTH_AUTHORIZE_PATH : pagePaths.consent;
    const returnTo = safeReturnTo(back + (query === -1 ? '' : request.url.slice(query)), DEFAULT_AFTER_LOGIN);
    return reply.redirect(`${pagePaths.login}?return_to=${encodeURIComponent(returnTo)}`, 302);
  }
  if (outcome.kind === 'errorPage') {
    const query = new URLSearchParams({ error: 'invalid_request', error_description: outcome.description });
    return reply.redirect(`${pagePaths.error}?${query}`, 302);
  }
  return reply.redirect(outcome.location, 302);
}
