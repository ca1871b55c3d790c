import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorName } from '#shared-domain/error-catalogue.ts';
import type { ApiErrorBody } from '#shared-domain/error-codes.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, appError } from '../errors.ts';
import { globalPlugin } from '../lib/global-plugin.ts';
import { isNavigation } from './static-spa.plugin.ts';

/** The one place an error becomes a response body (architecture.md §4 rule 4). */
export default globalPlugin('errors', async (app) => {
  app.setErrorHandler(sendError);
});

/**
 * Also Fastify's `frameworkErrors` (server/app.ts): a URL the router cannot decode or a path parameter over its length
 * limit is refused before any route or hook runs, and would otherwise get Fastify's own body echoing the URL.
 * Outside /api a browser is loading a page: an address that cannot be decoded or served (`/pages/%E0%A4%A`,
 * `/pages/x%00`) gets the SPA with 400, whose router shows the not-found page, rather than a JSON body on screen.
 */
export async function sendError(err: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(err, request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0);
  if (appError.status === 503) request.log.warn({ err }, 'request refused: a service it needs is unavailable');
  else if (appError.status >= 500) request.log.error({ err }, 'request failed');
  else request.log.debug({ code: appError.code, name: appError.name }, 'request rejected');
  const pageStatus = NAVIGATION_STATUS[appError.status];
  if (pageStatus && isNavigation(request) && (await request.server.sendSpaDocument?.(reply, pageStatus))) return reply;
  const retryAfter = appError.data?.retry_after_seconds;
  if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(retryAfter));
  const body: ApiErrorBody = {
    success: false,
    message: appError.message,
    error: { code: appError.code, name: appError.name, ...(appError.data ? { data: appError.data } : {}) },
  };
  return reply.status(appError.status).send(body);
}

// What a navigation's refusal becomes: the static files' own 403 (a null byte, a path escaping the root) says nothing
// a person needs, and it is the address that is bad.
const NAVIGATION_STATUS: Partial<Record<number, number>> = { 400: 400, 403: 400, 404: 404 };

/** How long a client should wait before asking again while the database is away: about a restart or failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The refusal while the database cannot be reached: nothing was done, and the same request may be sent again. */
export function databaseUnavailable(): AppError {
  return appError('ServiceUnavailable', { data: { retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS } });
}

// Fastify's own 4xx errors (body parsing, limits) are the client's fault and keep their status under a stable code;
// a database that cannot be reached is a 503 the client may send again later; everything else unexpected is a 500
// whose details stay in the log.
function toAppError(err: FastifyError | AppError | Error, bodyLimit: number): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  const status = (err as FastifyError).statusCode;
  const code = (err as FastifyError).code;
  if (typeof status !== 'number' || status < 400 || status >= 500) {
    return appError('InternalError');
  }
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return appError('PayloadTooLarge', { data: { limit_bytes: bodyLimit } });
  }
  if (status === 415) {
    return appError('UnsupportedMediaType');
  }
  if (status === 429) {
    return appError('RateLimited');
  }
  if (status === 404) return appError('NotFound');
  const named = FRAMEWORK_REFUSALS[status];
  if (named) return appError(named);
  // Any other refusal (the file server's 403 for a path it will not open) is the request's fault, said as the
  // catalogue's BadRequest: a name keeps one status, so a client can branch on it (decision 0016).
  return appError('BadRequest');
}

const FRAMEWORK_REFUSALS: Partial<Record<number, ErrorName>> = {
  // A path parameter longer than the router takes (server/app.ts MAX_PARAM_LENGTH).
  414: 'UriTooLong',
  // Conditional and range requests on the build's files.
  412: 'PreconditionFailed',
  416: 'RangeNotSatisfiable',
};
