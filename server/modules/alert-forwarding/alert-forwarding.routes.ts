import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/parse.ts';
import { limitBy } from '../../plugins/rate-limit.plugin.ts';
import { sessionOf } from '../../plugins/session.plugin.ts';
import { requireDeveloper } from '../clients/developer.guard.ts';
import { clearConfig, editField, getConfig, overwriteKeys, setUp, stopV3Alerts } from './alert-forwarding.service.ts';
import { createSealer } from './key-sealing.ts';

// Lengths bound the request; the service owns the rules (https webhook on a public host, 2048-bit RSA key).
const url = z.string().max(4096);
const publicRsaKey = z.string().max(8192);
const params = z.object({ client_uid: z.string().min(1).max(200) }).strict();
const setupBody = z.object({ url, public_rsa_key: publicRsaKey }).strict();
// One change per request, as the page edits one field at a time (product.md §7 "url or public_rsa_key, or overwrite").
const editBody = z.union([
  z.object({ url }).strict(),
  z.object({ public_rsa_key: publicRsaKey }).strict(),
  z.object({ overwrite_portal_keys: z.literal(true) }).strict(),
]);
const accountBody = z.object({ remove_company_id: z.literal(true) }).strict();

// A 2048-bit RSA key pair costs tens of milliseconds of CPU; an account has no reason to ask for many a minute.
const KEY_ISSUES_PER_MINUTE = 20;

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** product.md §7: alert_forwarding_config, for the account owner of a group with API access (codes 9 and 80). */
export default async function alertForwardingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const sealer = createSealer(app.config.alertKeysSecret);
  const guarded = { preHandler: requireDeveloper };
  const issuingKeys = {
    preHandler: [
      requireDeveloper,
      limitBy(app, {
        name: 'alert-forwarding:keys',
        max: KEY_ISSUES_PER_MINUTE,
        timeWindowMs: 60_000,
        // Edits of the url or key issue nothing and are not counted.
        key: (request) => {
          const body = request.body as Record<string, unknown> | undefined;
          const issues = request.method === 'POST' || body?.overwrite_portal_keys === true;
          return issues ? sessionOf(request).groupId : null;
        },
      }),
    ],
  };

  app.get('/api/alert_forwarding_config/:client_uid', guarded, async (request, reply) => {
    const { client_uid } = parse(params, request.params);
    const config = await getConfig(db, { groupId: sessionOf(request).groupId, clientUid: client_uid });
    noStore(reply);
    return { success: true, data: config };
  });

  app.post('/api/alert_forwarding_config/:client_uid', issuingKeys, async (request, reply) => {
    const { client_uid } = parse(params, request.params);
    const body = parse(setupBody, request.body);
    const keys = await setUp(db, sealer, {
      groupId: sessionOf(request).groupId,
      clientUid: client_uid,
      url: body.url,
      publicRsaKey: body.public_rsa_key,
    });
    noStore(reply);
    return { success: true, data: keys };
  });

  app.put('/api/alert_forwarding_config/:client_uid', issuingKeys, async (request, reply) => {
    const { client_uid } = parse(params, request.params);
    const body = parse(editBody, request.body);
    const ref = { groupId: sessionOf(request).groupId, clientUid: client_uid };
    noStore(reply);
    if ('overwrite_portal_keys' in body) return { success: true, data: await overwriteKeys(db, sealer, ref) };
    const edit = 'url' in body ? ({ field: 'url', value: body.url } as const) : ({ field: 'publicRsaKey', value: body.public_rsa_key } as const);
    return { success: true, data: await editField(db, { ...ref, ...edit }) };
  });

  app.delete('/api/alert_forwarding_config/:client_uid', guarded, async (request) => {
    const { client_uid } = parse(params, request.params);
    await clearConfig(db, { groupId: sessionOf(request).groupId, clientUid: client_uid });
    return { success: true };
  });

  app.put('/api/alert_forwarding_config', guarded, async (request) => {
    parse(accountBody, request.body);
    await stopV3Alerts(db, sessionOf(request).groupId);
    return { success: true };
  });
}
