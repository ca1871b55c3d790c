import type { FastifyRequest } from 'fastify';
import { appError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence without tokens (architecture.md §5): browsers always send Origin (or Sec-Fetch-Site) on these methods,
 * and a page on another site cannot forge either. A request carrying neither is not from a browser, so it may pass only
 * without cookies, i.e. without ambient credentials to abuse.
 */
export default globalPlugin('same-origin', async (app) => {
  const publicOrigin = app.config.publicOrigin;
  app.addHook('onRequest', async (request) => {
    // The route the router matched, not the raw URL: the router decodes percent-escapes, so `/%61pi/…` reaches an
    // /api route while its raw URL does not start with /api.
    if (!STATE_CHANGING.has(request.method) || !isApiPath(request.routeOptions.url ?? request.url)) return;
    if (isAllowed(request, publicOrigin)) return;
    throw appError('ForbiddenOrigin');
  });
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function isAllowed(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return true;
  }
  if (fetchSite === 'same-origin') return true;
  return origin === undefined && fetchSite === undefined && request.headers.cookie === undefined;
}
