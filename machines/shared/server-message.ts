import { isApiError } from '#shared-domain/api-error.ts';
import { requestProblemOf } from './request-problem.ts';

/**
 * The server's own words, where the spec says a page shows "the server message": only a 4xx carries one worth
 * reading (a 5xx body is the error handler's generic line, and a dropped connection has none), and only a refusal of
 * the service itself, which words it in the request's language: a rate limit, a schema or a framework refusal is
 * English and is translated from its code instead (request-problem.ts). Null means the page uses its own words.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || requestProblemOf(error)) return null;
  const message = error.body?.message?.trim();
  return message ? message : null;
}
