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
 *
 * Node's close waits for connections, not for the work behind them: a request whose caller hung up (a client timeout,
 * a closed tab) has no connection left, but its handler is still running (a login hashing the password). The close
 * then went on to close the database under it, and the work was lost half-way. So every route handler is counted
 * while it runs, and the close waits for the count to reach zero (HANDLER_DRAIN_MS at most) before the later close
 * hooks (the database's) run.
 */
/** The longest a close waits for handlers whose callers are gone; orchestrators allow 30 s from SIGTERM to SIGKILL. */
export const HANDLER_DRAIN_MS = 20_000;

export default globalPlugin('graceful-shutdown', async (app) => {
  let closing = false;
  let running = 0;
  let drained: (() => void) | null = null;
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function counted(this: typeof app, request, reply) {
      running++;
      try {
        return await handler.call(this, request, reply);
      } finally {
        running--;
        if (running === 0) drained?.();
      }
    };
  });
  // onClose hooks run in the reverse order of registration: this one before the database plugin's.
  app.addHook('onClose', async () => {
    if (running === 0) return;
    app.log.info({ running }, 'waiting for handlers whose callers are gone');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HANDLER_DRAIN_MS);
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
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
