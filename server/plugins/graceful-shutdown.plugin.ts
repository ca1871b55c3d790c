import { globalPlugin } from '../lib/global-plugin.ts';

/**
 * Lets `app.close()` (SIGTERM, server/index.ts) end once the requests it has taken are answered. Closing stops new
 * connections and drops the idle ones, but a connection whose request is still running stays open after its answer,
 * kept alive for the next request (Fastify keeps an idle connection 72 s), and the close waits for it. From the start
 * of the close every answer says `Connection: close`, so each such connection ends with its answer.
 */
export default globalPlugin('graceful-shutdown', async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
  });
});
