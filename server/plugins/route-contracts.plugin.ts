import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import { globalPlugin } from '../lib/global-plugin.ts';

export interface RecordedRoute {
  method: string;
  url: string;
  /** Undefined for a route registered without one: only the static files of the build may be (architecture.md §3). */
  contract: RouteContract | undefined;
}

/**
 * Records every route as it is registered, with the contract `routeOf` put in its config: the OpenAPI document is
 * generated from this list (server/modules/api-docs/), and a test fails on any route that has none.
 */
export default globalPlugin('route-contracts', async (app) => {
  const routes: RecordedRoute[] = [];
  app.decorate('recordedRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, contract: route.config?.contract });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    recordedRoutes: readonly RecordedRoute[];
  }
}
