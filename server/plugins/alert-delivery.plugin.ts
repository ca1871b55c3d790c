import { globalPlugin } from '../lib/global-plugin.ts';
import { createSealer } from '../modules/alert-forwarding/key-sealing.ts';
import { type AlertDeliveryWorker, startAlertDeliveryWorker } from '../modules/alerts/delivery.worker.ts';
import type { Resolve } from '../modules/alerts/webhook-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued alerts; routes that queue some call `wake()` so they leave now rather than at the next poll. */
    alertDelivery: AlertDeliveryWorker;
  }
}

/**
 * Every instance runs a worker; leases keep two instances from taking one delivery (docs/architecture.md §5.1). It
 * starts once the app is ready and stops before the database closes (preClose runs ahead of every onClose hook),
 * giving the rows of calls it cuts short back at once.
 */
export default globalPlugin<{ resolve?: Resolve }>('alert-delivery', async (app, options) => {
  let worker: AlertDeliveryWorker | null = null;
  const log = app.log.child({ module: 'alert-delivery' });
  const idle: AlertDeliveryWorker = { wake: () => undefined, runOnce: async () => 0, stop: async () => undefined };
  app.decorate('alertDelivery', {
    wake: () => (worker ?? idle).wake(),
    runOnce: () => (worker ?? idle).runOnce(),
    stop: () => (worker ?? idle).stop(),
  });
  app.addHook('onReady', async () => {
    const sealer = createSealer(app.config.alertKeysSecret);
    worker = startAlertDeliveryWorker({
      db: app.db,
      config: app.config.alertDelivery,
      sealer,
      log,
      resolve: options.resolve,
    });
    if (app.config.alertDelivery.allowLoopback) {
      log.warn({}, 'ALERT_WEBHOOK_ALLOW_LOOPBACK is set: webhooks may reach this machine (tests only)');
    }
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
});
