import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { requireSession, sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/invitations.contract.ts';
import { toLocale } from '#shared-domain/locales.ts';
import { inviteUser } from './invitations.service.ts';

/** POST /api/invitations, documented in docs/api/invitations.md. */
export default async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;

  app.route({
    ...routeOf(contract.invite),
    // The session first: without one the answer is 401, whatever the body.
    preValidation: requireSession,
    handler: async (request) => {
      const session = sessionOf(request);
      const invitation = await inviteUser(db, config, {
        inviter: {
          userId: session.userId,
          groupId: session.groupId,
          name: session.name,
          isOwner: session.isOwner,
        },
        email: request.body.email,
        language: toLocale(request.body.language),
      });
      app.mailWorker.wake();
      return {
        success: true as const,
        data: { email: invitation.email, expires_at: new Date(invitation.expiresAt).toISOString() },
      };
    },
  });
}
