import { globalPlugin } from '../lib/global-plugin.ts';
import { createMailTransport } from '../modules/mail/mail.transport.ts';
import { type MailWorker, startMailWorker } from '../modules/mail/mail.worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued mail; routes that queue some call `wake()` so it goes out now rather than at the next poll. */
    mailWorker: MailWorker;
  }
}

/**
 * Every instance runs a worker; claims keep them from sending a message twice. It starts once the app is ready and
 * stops before the database closes (preClose runs ahead of every onClose hook).
 */
export default globalPlugin('mail-worker', async (app) => {
  let worker: MailWorker | null = null;
  const log = app.log.child({ module: 'mail' });
  const idle: MailWorker = { wake: () => undefined, runOnce: async () => 0, stop: async () => undefined };
  app.decorate('mailWorker', {
    wake: () => (worker ?? idle).wake(),
    runOnce: () => (worker ?? idle).runOnce(),
    stop: () => (worker ?? idle).stop(),
  });
  app.addHook('onReady', async () => {
    const transport = createMailTransport(app.config.mail, log);
    worker = startMailWorker({ db: app.db, config: app.config.mail, transport, log });
    log.info({ transport: transport.name }, 'mail worker started');
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
});
