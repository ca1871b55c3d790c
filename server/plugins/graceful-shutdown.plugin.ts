import type { Socket } from 'node:net';
import { globalPlugin } from '../lib/global-plugin.ts';

/**
 * Lets `app.close()` (SIGTERM, server/index.ts) end once the requests it has taken are answered. Closing stops new
 * connections and drops the idle ones, but two kinds of connection would still hold it:
 * - one whose request is still running stays open after its answer, kept alive for the next request (Fastify keeps an
 *   idle connection 72 s). From the start of the close every answer says `Connection: close`, so each such
 *   connection ends with its answer;
 * - one that never carried a request at all: browsers open spare connections ahead of need (Chromium's preconnect),
 *   and Node's close waits for those until its header timeout, a minute. They hold no request, so closing them loses
 *   nothing; a browser retries on another connection.
 */
export default globalPlugin('graceful-shutdown', async (app) => {
  let closing = false;
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
    unused.clear();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
  });
});
