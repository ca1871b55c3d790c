import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GenericCode } from '../../shared-domain/error-codes.ts';
import { AppError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

const NOT_BUILT =
  'The web app has not been built yet: run `npm run build` (or `npm start`, which builds first), then reload.\n';

/**
 * Serves the Vite build and answers every client-side route with index.html (design.md §1). index.html must be
 * revalidated on each load so a deploy is picked up at once; hashed assets never change, so they cache forever.
 */
export default globalPlugin('static-spa', async (app) => {
  const root = app.config.staticDir;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'static directory has no index.html; the SPA is not served');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaRoute(request)) {
      throw new AppError(404, 'NotFound', { code: GenericCode.NOT_FOUND, message: 'Not found' });
    }
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});

// Client routes are extensionless GETs outside /api; a missing file such as /assets/x.js is a real 404.
function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}
