import type {
  FastifyContextConfig,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import { z } from 'zod';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import { fieldWithNul, nulFailure, validationFailure } from './validation-failure.ts';

/**
 * The route contracts of shared-domain/contracts/ as Fastify's type provider: handlers get the parsed request types
 * and must return what the answer schema admits (architecture.md §3). Written here rather than taken from a package so
 * that a refusal is exactly the documented ValidationError body (docs/api/errors.md) and an answer is sent as the
 * handler built it.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Parses one part of a request (params, body, querystring) with its schema, and refuses a NUL character anywhere in it
 * (fieldWithNul). A failure is the AppError the one error handler writes (server/plugins/errors.plugin.ts). Fastify
 * hands an absent body over as null.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) return { error: validationFailure(result.error) };
    const nul = fieldWithNul(result.data);
    return nul === undefined ? { value: result.data } : { error: nulFailure(nul) };
  };

/**
 * Checks an answer against its schema and sends it unchanged: the key order and every field stay as the handler wrote
 * them, so a contract cannot silently drop a field clients read. An answer outside its contract is a bug: a 500 whose
 * details stay in the log, never a half-checked body.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url, httpStatus }) =>
  (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(
        `${method} ${url} answered ${httpStatus} outside its contract:\n${z.prettifyError(result.error)}`,
      );
    }
    return JSON.stringify(data);
  };

type FastifyPartsOf<C extends RouteContract> = {
  params: C['params'];
  querystring: C['query'];
  body: C['bodyType'] extends 'form' ? undefined : C['body'];
  response: C['response'];
};

/**
 * The route options a contract gives: method, path, the schemas Fastify validates with, and the contract itself in the
 * route's config, where the OpenAPI document and the "every route has a contract" test find it.
 */
export function routeOf<C extends RouteContract>(contract: C, config: FastifyContextConfig = {}) {
  const parts = {
    params: contract.params,
    querystring: contract.query,
    body: contract.bodyType === 'form' ? undefined : contract.body,
    response: contract.response,
  };
  // Fastify warns about a part named without a schema.
  const schema = Object.fromEntries(
    Object.entries(parts).filter(([, part]) => part !== undefined),
  ) as FastifyPartsOf<C>;
  return { method: contract.method, url: contract.url, schema, config: { ...config, contract } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
  }
}
