import { z } from 'zod';
import type { RecordedRoute } from '#server/plugins/route-contracts.plugin.ts';
import type { RouteContract } from '#shared-domain/contracts/contract.ts';
import { catalogueAnswers, oauthErrorAnswers } from './openapi-errors.ts';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const FORM = 'application/x-www-form-urlencoded';

/**
 * The OpenAPI 3.1 document of every route that has a contract (shared-domain/contracts/), generated from the same zod
 * schemas the server validates with, so the reference cannot drift from what the server does. Its JSON Schema dialect
 * is 2020-12, OpenAPI 3.1's own.
 */
export function openApiDocument(routes: readonly RecordedRoute[], info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const { method, contract } of routes) {
    if (!contract || contract.hidden || method !== contract.method) continue;
    const path = contract.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [method.toLowerCase()]: operationOf(contract) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Monitoring portal API',
      version: info.version,
      description:
        'The account portal API and its OAuth 2.0 authorization server. Refusals of the portal API share one body ' +
        '(ErrorBody); clients branch on `error.name`, each name having one status and one `error.code` ' +
        '(docs/api/errors.md, docs/decisions/0016). The OAuth protocol endpoints answer RFC 6749 `{ error, ' +
        'error_description }` instead.',
    },
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'The session cookie set by POST /api/login',
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'OAuth client authentication (RFC 6749 §2.3.1): client_id and secret; or both as form fields',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An access token of this authorization server (RFC 6750), from the client_credentials grant of a service ' +
            'client that only an operator creates (npm run admin -- create-service-client)',
        },
      },
    },
  };
}

function operationOf(contract: RouteContract): Operation {
  const parameters = [...parametersOf(contract.params, 'path'), ...parametersOf(contract.query, 'query')];
  const operation: Operation = {
    operationId: operationId(contract),
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: contract.tags,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(contract.body
      ? { requestBody: requestBodyOf(contract.body, contract.bodyType === 'form' ? FORM : 'application/json') }
      : {}),
    responses: responsesOf(contract),
  };
  if (contract.security) operation.security = contract.security.map((scheme) => ({ [scheme]: [] }));
  return operation;
}

function operationId({ method, url }: RouteContract): string {
  const words = url
    .replace(/^\/(api\/)?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** A zod schema as JSON Schema 2020-12, as clients send it (defaults optional) and as the server answers it. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Operation[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(schema: z.ZodType, contentType: string): Operation {
  const json = jsonSchemaOf(schema);
  const { examples, ...rest } = json;
  const example = Array.isArray(examples) ? examples[0] : undefined;
  return {
    required: !schema.safeParse(undefined).success,
    content: { [contentType]: { schema: rest, ...(example !== undefined ? { example } : {}) } },
  };
}

function responsesOf(contract: RouteContract): Record<string, Operation> {
  const responses: Record<string, Operation> = {};
  for (const [status, schema] of Object.entries(contract.response)) {
    const { examples, ...rest } = jsonSchemaOf(schema);
    const example = Array.isArray(examples) ? examples[0] : undefined;
    responses[status] = {
      description: schema.description ?? 'Success',
      content: { 'application/json': { schema: rest, ...(example !== undefined ? { example } : {}) } },
    };
  }
  for (const [status, answer] of Object.entries(contract.otherAnswers ?? {})) {
    responses[status] = {
      description: answer.description,
      ...(answer.contentType ? { content: { [answer.contentType]: { schema: { type: 'string' } } } } : {}),
      ...(answer.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(answer.headers).map(([name, description]) => [
                name,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    };
  }
  Object.assign(
    responses,
    contract.oauthErrors
      ? oauthErrorAnswers(contract.oauthErrors, contract.errorNotes)
      : catalogueAnswers(contract.errors, contract.errorNotes),
  );
  return responses;
}
