import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { byEmail, limitBy } from '#server/plugins/rate-limit.plugin.ts';
import { requireSession, sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/invitations.contract.ts';
import { toLocale } from '#shared-domain/locales.ts';
import { inviteUser } from './invitations.service.ts';

const HOUR_MS = 3_600_000;

/** POST /api/invitations, documented in docs/api/invitations.md. */
export default async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const limits = config.abuseLimits;

  app.route({
    ...routeOf(contract.invite),
    // The session first: without one the answer is 401, whatever the body. Every signed-up account owns its group, so
    // without limits one account could mail any address without end (its own name in the subject) and ask, without a
    // captcha, which addresses have an account. Refusals count too.
    preValidation: [
      requireSession,
      limitBy(app, {
        name: 'invitations:account',
        max: limits.invitePerHour,
        timeWindowMs: HOUR_MS,
        key: (request) => sessionOf(request).groupId,
      }),
      limitBy(app, { name: 'invitations:email', max: limits.perEmailPerHour, timeWindowMs: HOUR_MS, key: byEmail }),
    ],
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
