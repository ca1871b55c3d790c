import { z } from 'zod';
import type { ErrorName } from '../error-catalogue.ts';
import { LOCALES } from '../locales.ts';

/**
 * The shape of one route's contract (architecture.md §3 "contracts"): what it takes and answers, in zod, and which
 * refusals of the error catalogue it may answer. The server validates requests and answers with it
 * (server/lib/zod-type-provider.ts), the OpenAPI document is generated from it (server/modules/api-docs/), and the
 * SPA's API clients take their types from it with `import type` only: zod never reaches the browser.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `session`: the `sid` cookie of a login; `clientBasic`: an OAuth client's id and secret (RFC 6749 §2.3.1); `bearer`:
 * an access token this portal issued (RFC 6750), for the calls of the product's own services.
 */
export type Security = 'session' | 'clientBasic' | 'bearer';

/** An answer that is not a JSON body: a redirect, an HTML page. Documented, not serialized through a schema. */
export interface OtherAnswer {
  description: string;
  contentType?: string;
  /** Response headers worth naming, with what they carry. */
  headers?: Readonly<Record<string, string>>;
}

/** RFC 6749 §5.2 and RFC 7009/7662 error codes the OAuth protocol endpoints answer in `{ error, error_description }`. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'temporarily_unavailable'
  | 'server_error';

export interface RouteContract {
  method: HttpMethod;
  /** The Fastify path (`:name` for a path parameter). */
  url: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  security?: readonly Security[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `form`: application/x-www-form-urlencoded, the OAuth protocol endpoints. The OAuth library judges those fields and
   * answers RFC 6749's errors itself, so the schema documents the body and is not applied by the server.
   */
  bodyType?: 'json' | 'form';
  /** JSON answers by status: validated on the way out. */
  response: Readonly<Record<number, z.ZodType>>;
  /** Redirects and pages. */
  otherAnswers?: Readonly<Record<number, OtherAnswer>>;
  /** The catalogue's refusals this route may answer (its own plus those implied by how it is called). */
  errors: readonly ErrorName[];
  /** The RFC 6749 error codes, for the OAuth protocol endpoints (which answer no catalogue body). */
  oauthErrors?: readonly OAuthErrorCode[];
  /**
   * When this route answers a refusal, where the catalogue's name alone does not say (an unknown id and another
   * account's look alike, a limit in `error.data`): the reference prints it beside the name, so a client learns it there
   * rather than from prose that could drift. Every key must be one of the route's refusals (checked by defineRoute).
   */
  errorNotes?: Readonly<Partial<Record<ErrorName | OAuthErrorCode, string>>>;
  /** Left out of the OpenAPI document (the documentation pages themselves). */
  hidden?: boolean;
}

const STATE_CHANGING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A route's contract, with the refusals its shape implies added to the ones it names: a request schema can fail
 * (ValidationError), a JSON body can be malformed, too large or of another type, a state-changing /api call can come
 * from another origin (architecture.md §5), and a session route can find none (docs/api/errors.md).
 */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  const implied: ErrorName[] = [];
  const isJsonBody = contract.body !== undefined && contract.bodyType !== 'form';
  if (!contract.oauthErrors && (contract.params || contract.query || isJsonBody)) implied.push('ValidationError');
  if (isJsonBody) implied.push('BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType');
  if (STATE_CHANGING.has(contract.method) && contract.url.startsWith('/api/') && !contract.oauthErrors) {
    implied.push('ForbiddenOrigin');
  }
  if (contract.security?.includes('session')) implied.push('NoSession');
  const errors = [...new Set([...implied, ...contract.errors])];
  const answered = new Set<string>(contract.oauthErrors ?? errors);
  const stray = Object.keys(contract.errorNotes ?? {}).filter((name) => !answered.has(name));
  if (stray.length > 0)
    throw new Error(`${contract.method} ${contract.url}: notes on refusals it never answers: ${stray.join(', ')}`);
  return { ...contract, errors };
}

/** `{ success: true }`: a call that changed something and has nothing to tell. */
export const okEmpty = z.object({ success: z.literal(true) });

/** `{ success: true, message }`: product.md §8's "server message", in the request's language. */
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

/** `{ success: true, data }`: the portal's envelope around an answer. */
export function okData<S extends z.ZodType>(data: S) {
  return z.object({ success: z.literal(true), data });
}

/** A body a route does not take: none at all, or `{}` (the SPA labels every call JSON, product.md §7). */
export const noBody = z.strictObject({}).nullable().optional();

/** A query a route does not take: any parameter is a client mistake worth a 400. */
export const noQuery = z.strictObject({});

/** product.md §9's languages, as a client may name them (shared-domain/locales.ts `toLocale` reads them). */
export const LANGUAGE_VALUES =
  `${LOCALES.join(', ')}, or its index as a string ('0' to '${LOCALES.length - 1}'); browser locales such as en or zh-tw ` +
  'are understood too';

/** The `language` a form sends along: the locale the server answers and mails in (product.md §9). */
export const languageField = z
  .string()
  .max(16)
  .optional()
  .meta({ description: `Locale of the answer and mail: ${LANGUAGE_VALUES}`, examples: ['en-us'] });

/** How long a `return_to` may be (shared-domain/redirect.ts decides where it may lead). */
export const returnToField = z.string().max(2048).nullable().optional();

/**
 * A query the route judges itself (an error page, a redirect to the client) rather than refusing with a 400: the schema
 * documents its parameters, and when they do not fit (a repeated or oversized one) the route gets the query as sent.
 */
export function judgedByTheRoute<S extends z.ZodType>(schema: S) {
  return schema.catch((context) => context.value as z.output<S>);
}
