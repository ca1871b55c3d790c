import { globalPlugin } from '../lib/global-plugin.ts';
import { purgeFinishedRows } from '../modules/maintenance/purge.repository.ts';

/**
 * Purges finished rows (modules/maintenance) once at start and then every PURGE_INTERVAL_MINUTES. A failed purge is
 * logged and retried at the next tick; it never affects requests.
 */
export default globalPlugin('maintenance', async (app) => {
  const log = app.log.child({ module: 'maintenance' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const purge = () => {
    running ??= purgeFinishedRows(app.db, Date.now())
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) log.info(counts, 'purged finished rows');
      })
      .catch((err: unknown) => log.error({ err }, 'purge failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onReady', async () => {
    void purge();
    timer = setInterval(() => void purge(), app.config.purgeIntervalMinutes * 60_000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
});
