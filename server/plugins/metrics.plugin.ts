import { globalPlugin } from '../lib/global-plugin.ts';
import { createPortalMetrics, type PortalMetrics } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's counters (docs/operations.md); exposed at GET /metrics when METRICS_ENABLED. */
    metrics: PortalMetrics;
  }
}

/** Methods as Fastify routes them; anything else is counted as OTHER, so no client can mint label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The label of a request no route matched (an unknown /api address, a rejected URL): one series for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts every answered request by its route's pattern (`/api/client_credentials/:id`, never the raw URL, which
 * would make a series per id) and status, with its latency. Only when metrics are enabled: otherwise the hook costs
 * nothing on the hot path. The counters themselves always exist, so services can be told of events either way.
 */
export default globalPlugin('metrics', async (app) => {
  const metrics = createPortalMetrics();
  app.decorate('metrics', metrics);
  if (!app.config.metrics.enabled) return;
  app.addHook('onResponse', async (request, reply) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
});
