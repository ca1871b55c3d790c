import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as non-encapsulated so its hooks, decorators and handlers apply to the whole app: the one thing
 * fastify-plugin does that we need, without depending on a package we do not list.
 */
export function globalPlugin<T extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<T>,
): FastifyPluginAsync<T> {
  const marked = plugin as FastifyPluginAsync<T> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
