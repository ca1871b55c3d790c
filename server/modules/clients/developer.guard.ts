import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '#server/errors.ts';
import { requireSession, sessionOf } from '#server/plugins/session.plugin.ts';

// A file of its own, not clients.routes.ts: alert-forwarding guards its routes with it too, and a module's routes
// import no other module's routes (architecture.md §4 rule 6).

/**
 * product.md §6: credentials belong to the group owner, and only in a group with API access. The owner check comes
 * first, so a member of an API-enabled group hears "not the owner" (code 9) rather than "access denied" (code 80).
 */
export async function requireDeveloper(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireSession(request, reply);
  const session = sessionOf(request);
  if (!session.isOwner) {
    throw appError('NotOwner');
  }
  if (!session.apiAccess) {
    throw appError('AccessDenied');
  }
}
