import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/api-docs.contract.ts';
import { openApiDocument } from './openapi.ts';
import { DOCS_PAGE, docsAssets } from './swagger-ui.ts';

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * The API reference (architecture.md §3): the OpenAPI document and Swagger UI, both from this server, so it works
 * offline and under the portal's own CSP (scripts from 'self' only; the page has no inline script).
 */
export default async function apiDocsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let document: Record<string, unknown> | undefined;
  const assets = docsAssets();

  app.route({
    ...routeOf(contract.openApi),
    // Built on the first request: by then every route, and so every contract, is registered.
    handler: async (_request, reply) => {
      document ??= openApiDocument(app.recordedRoutes, { version: PACKAGE_VERSION });
      reply.header('cache-control', 'no-cache');
      return document as { openapi: string; info: Record<string, unknown>; paths: Record<string, unknown> };
    },
  });

  app.route({
    ...routeOf(contract.docsPage),
    handler: async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_PAGE),
  });

  app.route({
    ...routeOf(contract.docsAsset),
    handler: async (request, reply) => {
      const asset = assets[request.params.asset];
      return reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body);
    },
  });
}
