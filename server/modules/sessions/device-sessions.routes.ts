import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/parse.ts';
import { clearSessionCookies, requireSession, sessionOf } from '../../plugins/session.plugin.ts';
import type { DeviceSessionRecord, GroupUserRecord } from './device-sessions.repository.ts';
import { listDeviceSessions, revokeDeviceSession, revokeOtherDeviceSessions } from './device-sessions.service.ts';

// None of these routes takes input beyond the path: anything else is a client mistake worth a 400, not silence.
const noQuery = z.object({}).strict();
const noBody = z.union([z.undefined(), z.object({}).strict()]);
// Fastify answers 414 before this for a path segment over its maxParamLength (100).
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();

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

export default async function deviceSessionsRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const guarded = { preHandler: requireSession };

  app.get('/api/deviceSessions', guarded, async (request, reply) => {
    parse(noQuery, request.query);
    const session = sessionOf(request);
    const { sessions, users } = await listDeviceSessions(db, session, Date.now());
    reply.header('cache-control', 'no-store');
    return {
      success: true,
      data: { device_sessions: sessions.map((s) => toWire(s, session.sessionId)), users: users.map(userToWire) },
    };
  });

  // Registered before the parametric route only for the reader: Fastify always prefers the static segment.
  app.delete('/api/deviceSessions/revoke/all', guarded, async (request) => {
    parse(noQuery, request.query);
    parse(noBody, request.body);
    const revoked = await revokeOtherDeviceSessions(db, sessionOf(request), Date.now());
    return { success: true, data: { revoked } };
  });

  app.delete('/api/deviceSessions/revoke/:id', guarded, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    parse(noQuery, request.query);
    parse(noBody, request.body);
    const session = sessionOf(request);
    await revokeDeviceSession(db, session, id, Date.now());
    // Revoking the session that made the request is a logout: the browser must stop believing it has one.
    if (id === session.sessionId) clearSessionCookies(reply, config);
    return { success: true };
  });
}
