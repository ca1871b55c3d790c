import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { globalPlugin } from '../lib/global-plugin.ts';

/** The header a proxy or a client names a request by, and that each answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy would send (a UUID, a trace id, `req-42`): printable without spaces, quotes or anything a log reader
 * could mistake for structure, and short. Anything else is replaced, never logged as given.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId` (server/app.ts): the caller's X-Request-Id when well-formed, so one id follows a request from
 * the load balancer through every log line; otherwise a fresh UUID, unique across instances (Fastify's own default
 * counts from 1 in each process).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Every answer names its request, so a user's report or a client's log leads to the server's lines. */
export default globalPlugin('request-id', async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
