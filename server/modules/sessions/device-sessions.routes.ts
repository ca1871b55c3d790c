import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import { clearSessionCookies, requireSession, sessionOf } from '#server/plugins/session.plugin.ts';
import * as contract from '#shared-domain/contracts/device-sessions.contract.ts';
import type { DeviceSessionRecord, GroupUserRecord } from './device-sessions.repository.ts';
import { listDeviceSessions, revokeDeviceSession, revokeOtherDeviceSessions } from './device-sessions.service.ts';

/** product.md §3 "Device session", plus `last_active` and `current` (docs/api/device-sessions.md). */
function toWire(session: DeviceSessionRecord, currentId: string) {
  return {
    id: session.id,
    user_id: session.userId,
    login_ip: session.loginIp,
    login_country_code: session.loginCountryCode,
    last_ip: session.lastIp,
    last_country_code: session.lastCountryCode,
    login_time: session.createdAt,
    device_description: session.deviceDescription,
    access_token_expires: session.expiresAt,
    last_active: session.lastActiveAt,
    current: session.id === currentId,
  };
}

function userToWire(user: GroupUserRecord) {
  return { id: user.id, friendly_name: user.name, owner: user.isOwner };
}

export default async function deviceSessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  // The session first: without one the answer is 401, whatever the request carries.
  const guarded = { preValidation: requireSession };

  app.route({
    ...routeOf(contract.list),
    ...guarded,
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { sessions, users } = await listDeviceSessions(db, session, Date.now());
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: { device_sessions: sessions.map((s) => toWire(s, session.sessionId)), users: users.map(userToWire) },
      };
    },
  });

  // Registered before the parametric route only for the reader: Fastify always prefers the static segment.
  app.route({
    ...routeOf(contract.revokeAll),
    ...guarded,
    handler: async (request) => {
      const revoked = await revokeOtherDeviceSessions(db, sessionOf(request), Date.now());
      return { success: true as const, data: { revoked } };
    },
  });

  app.route({
    ...routeOf(contract.revokeOne),
    ...guarded,
    handler: async (request, reply) => {
      const { id } = request.params;
      const session = sessionOf(request);
      await revokeDeviceSession(db, session, id, Date.now());
      // Revoking the session that made the request is a logout: the browser must stop believing it has one.
      if (id === session.sessionId) clearSessionCookies(reply, config);
      return { success: true as const };
    },
  });
}
