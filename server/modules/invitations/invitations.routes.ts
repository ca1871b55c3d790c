import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toLocale } from '../../../shared-domain/locales.ts';
import { parse } from '../../lib/parse.ts';
import { requireSession, sessionOf } from '../../plugins/session.plugin.ts';
import { inviteUser } from './invitations.service.ts';

const inviteBody = z.object({ email: z.string().max(1024).default(''), language: z.string().max(16).optional() }).strict();

/** POST /api/invitations, documented in docs/api/invitations.md. */
export default async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;

  app.post('/api/invitations', { preHandler: requireSession }, async (request) => {
    const body = parse(inviteBody, request.body);
    const session = sessionOf(request);
    const invitation = await inviteUser(db, config, {
      inviter: {
        userId: session.userId,
        groupId: session.groupId,
        name: session.name,
        isOwner: session.isOwner,
      },
      email: body.email,
      language: toLocale(body.language),
    });
    app.mailWorker.wake();
    return { success: true, data: { email: invitation.email, expires_at: new Date(invitation.expiresAt).toISOString() } };
  });
}
