import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { loadDotEnv } from './lib/env-file.ts';

loadDotEnv();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.fatal({ err }, 'could not start listening');
  await app.close().catch(() => undefined);
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Portal listening on http://localhost:${port}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close stops accepting, lets in-flight requests finish, then runs onClose (database, Redis).
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}
